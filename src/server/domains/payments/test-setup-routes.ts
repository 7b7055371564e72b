import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import type { TestSetupResult } from '#shared/subscription-page.ts';
import { TestSetupConfirmBodySchema } from '#shared/subscription-page-schemas.ts';
import { TestSetupResultSchema } from '#shared/subscription-page-response-schemas.ts';
import { notFound } from '../../errors.ts';
import { json } from '../../lib/answers.ts';

/** POST /api/payments/test/setup/confirm: the built-in provider's card form for a card saved without a payment (docs/decisions/0054). */
export const testSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;

  app.post(
    '/api/payments/test/setup/confirm',
    {
      config: { rateLimit: { max: app.config.rateLimits.subscriptionPagePerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['Payments'],
        operationId: 'confirmTestCardSetup',
        summary: 'Save a card with the built-in test provider',
        description:
          'The setup’s id or whole client secret, and a test card: 4242 4242 4242 4242 is saved; 4000 0000 0000 0341 is saved, and every later charge without the shopper is declined; 4000 0000 0000 0002 is declined. Only the last four digits are kept. 404 for an unknown setup, or when the store takes payments with Stripe.',
        body: TestSetupConfirmBodySchema,
        response: { 200: json('The setup’s status, as Stripe’s confirm answers.', TestSetupResultSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply): Promise<TestSetupResult> => {
      reply.header('cache-control', 'no-store');
      if (!payments.confirmTestSetup) throw notFound('Setup');
      const outcome = await payments.confirmTestSetup(req.body.setupId, req.body.cardNumber);
      if (!outcome.found) throw notFound('Setup');
      return outcome.message ? { status: outcome.status, message: outcome.message } : { status: outcome.status };
    },
  );
};
