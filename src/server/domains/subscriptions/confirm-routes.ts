import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { RenewalConfirmedSchema } from '#shared/renewal-response-schemas.ts';
import { ConfirmRenewalBodySchema, RenewalTokenParamsSchema } from '#shared/renewals.ts';
import { json } from '../../lib/answers.ts';

/** The Confirm link of an "ask me first" renewal's notice (docs/decisions/0053): the signed token in the path is the key. */
export const confirmRenewalRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = app.services.subscriptions;
  app.post(
    '/api/subscriptions/:token/confirm',
    {
      config: { rateLimit: { max: app.config.rateLimits.cartPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['Subscriptions'],
        operationId: 'confirmRenewal',
        summary: 'Confirm the next renewal of an “ask me first” subscription',
        description:
          'The token of the subscription page link in its e-mails. The pending renewal (its date, `for`, when the page sends the one it shows) is charged and shipped on its date; without a confirmation it waits, and is skipped 7 days after its date. Confirming again changes nothing. 404 with one message for a token that opens nothing; 409 for a paused or cancelled subscription, one that renews without asking, or a date changed since.',
        params: RenewalTokenParamsSchema,
        body: ConfirmRenewalBodySchema,
        response: {
          200: json('The renewal confirmed.', RenewalConfirmedSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const expected = req.body?.for ? new Date(req.body.for) : null;
      const r = await subscriptions.notices.confirm(req.params.token, expected);
      return { confirmedFor: r.confirmedFor.toISOString(), nextRenewalAt: r.nextRenewalAt.toISOString() };
    },
  );
};
