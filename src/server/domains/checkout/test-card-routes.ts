import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TestConfirmBodySchema, type TestConfirmResult } from '#shared/checkout.ts';
import { TestConfirmResultSchema } from '#shared/checkout-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { AppError, notFound } from '../../errors.ts';
import { json } from '../../lib/answers.ts';

/** POST /api/payments/test/confirm: the built-in provider's card form, confirmed by the store after checkout's checks. */
export const testCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, checkout } = app.services;

  /**
   * The test provider's card form (docs/engineering.md §4.4): answers like Stripe's confirm. On success the
   * order is completed here too, as Stripe's webhook would. Card data is never logged or stored.
   */
  app.post(
    '/api/payments/test/confirm',
    {
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: {
        tags: ['Payments'],
        operationId: 'confirmTestPayment',
        summary: 'Pay with the built-in test provider',
        description:
          'Card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 succeeds and, on a subscription’s first payment, is saved declining every later charge. The store confirms only an open checkout whose shipping step is saved, with its hold and discount code kept; a refusal answers `requires_payment_method` with the reason. 404 when the store takes payments with Stripe.',
        body: TestConfirmBodySchema,
        response: {
          200: json('The payment’s status, as Stripe’s confirm answers.', TestConfirmResultSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (req): Promise<TestConfirmResult> => {
      if (!payments.confirmTest || !payments.testPaymentIdOf) throw notFound('Payment');
      const paymentId = await payments.testPaymentIdOf(req.body.paymentIntentId);
      if (!paymentId) throw notFound('Payment');
      // The server confirms: only an open checkout with its shipping step saved, at its total, is
      // paid. A refusal answers like a declined card (the contract's two statuses), with the reason.
      try {
        await checkout.readyToPay(paymentId, req.network);
      } catch (err) {
        if (err instanceof AppError && err.code === 'conflict')
          return { status: 'requires_payment_method', message: err.message };
        throw err;
      }
      const outcome = await payments.confirmTest(paymentId, req.body.cardNumber);
      if (!outcome.found) throw notFound('Payment');
      if (outcome.status === 'succeeded') {
        await checkout.completePayment(outcome.paymentId).catch((err: unknown) => {
          // Not the payment id: it is the key to the buyer's checkout, and the request line identifies this one.
          req.log.warn({ err }, 'completion after test confirm failed; the browser will retry');
        });
      } else {
        await checkout.paymentFailed(outcome.paymentId, outcome.message ?? null);
      }
      return outcome.message ? { status: outcome.status, message: outcome.message } : { status: outcome.status };
    },
  );
};
