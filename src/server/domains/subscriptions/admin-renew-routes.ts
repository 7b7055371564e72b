import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { RenewalMadeSchema } from '#shared/renewal-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The owner's "Renew now" (docs/decisions/0053); registered behind requireAdmin. */
export const adminRenewRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = app.services.subscriptions;
  app.post(
    '/api/admin/subscriptions/:id/renew',
    {
      config: { permission: 'subscriptions.renew', audit: auditWords.renewed },
      schema: {
        tags: ['Subscriptions'],
        operationId: 'renewSubscriptionNow',
        summary: 'Make the subscription’s next renewal now',
        description:
          'Makes and charges the next renewal at once, as the minute sweep would when it is due: an order at today’s prices less the subscription’s discount, shipping, sales tax, its stock taken, the saved card charged, the confirmation e-mailed; the renewal after it is one interval later. 404 for an unknown subscription. 409 with a message for a paused or cancelled subscription, one waiting for its shopper’s confirmation (“ask me first”), one whose renewal is under way, and a renewal not made (card declined, out of stock, the address refused): that failure is counted, e-mailed to the shopper and retried as the sweep’s would be.',
        params: IdParamsSchema,
        response: {
          200: json('The paid renewal order.', RenewalMadeSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req) => subscriptions.renewNow(req.params.id),
  );
};
