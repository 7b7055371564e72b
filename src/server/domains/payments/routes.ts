import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TestConfirmBodySchema, type TestConfirmResult } from '#shared/checkout.ts';
import { notFound } from '../../errors.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, checkout } = app.services;

  /**
   * The test provider's card form (DESIGN §4.4): answers like Stripe's confirm. On success the
   * order is completed here too, as Stripe's webhook would. Card data is never logged or stored.
   */
  app.post(
    '/api/payments/test/confirm',
    {
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: { body: TestConfirmBodySchema },
    },
    async (req): Promise<TestConfirmResult> => {
      if (!payments.confirmTest) throw notFound('Payment');
      const outcome = await payments.confirmTest(req.body.paymentIntentId, req.body.cardNumber);
      if (!outcome.found) throw notFound('Payment');
      if (outcome.status === 'succeeded') {
        await checkout.completePayment(outcome.paymentId).catch((err: unknown) => {
          // Not the payment id: it is the key to the buyer's checkout, and the request line identifies this one.
          req.log.warn({ err }, 'completion after test confirm failed; the browser will retry');
        });
      }
      return outcome.message ? { status: outcome.status, message: outcome.message } : { status: outcome.status };
    },
  );
};
