import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { RecoveryTokenParamsSchema, RestoreBodySchema } from '#shared/recovery-schemas.ts';
import { ReorderResultSchema } from '#shared/reorders-response-schemas.ts';
import { json } from '../../lib/answers.ts';

/** The reorder reminder's Reorder link (docs/decisions/0051): the signed token in the path is the key. */
export const reorderRoutes: FastifyPluginAsyncZod = async (app) => {
  const reorders = app.services.reorders;

  // A reorder fills a cart and starts a checkout's way: limited per client address as checkouts are.
  app.post(
    '/api/reorder/:token',
    {
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['Reorder reminders'],
        operationId: 'reorderFromReminder',
        summary: 'Put a reminded order’s items back in a cart',
        description:
          'The token of a reorder reminder’s “Reorder” link (60 days). Puts the order’s products in the cart of `sessionId` by the cart’s rules (today’s prices from the catalog; at least the order’s quantity, as far as the stock allows; a line holding more keeps it; opening it again adds nothing) and answers the order’s shipping details for the checkout’s form. A product no longer sold or out of stock is left out and named in `missing`. An order later paid from that cart within 14 days counts as the reminder’s reorder. 404 with one message for a token that opens nothing (altered, expired, another link’s, an order erased).',
        params: RecoveryTokenParamsSchema,
        body: RestoreBodySchema,
        response: {
          200: json('What went into the cart, at today’s prices, what could not, and the shipping details.', ReorderResultSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reorders.reorder(req.params.token, req.body.sessionId);
    },
  );
};
