import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_NOT_COMPLETED } from '#shared/messages.ts';
import {
  CompleteOrderBodySchema,
  ConfirmPaymentBodySchema,
  PaymentParamsSchema,
  ShippingBodySchema,
  StartCheckoutBodySchema,
} from '#shared/checkout.ts';
import { ApplyDiscountBodySchema } from '#shared/discounts-schemas.ts';
import { AppError } from '../../errors.ts';

/** The shopper's checkout: start it, keep its hold while the page is open, its shipping details and discount code, complete its payment. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = app.services.checkout;

  app.post(
    '/api/checkout',
    {
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute, timeWindow: 60_000 } },
      schema: { body: StartCheckoutBodySchema },
    },
    async (req, reply) => {
      const { sessionId, analyticsSessionId } = req.body;
      return reply.status(201).send(await checkout.startCheckout(sessionId, { holder: req.network, analyticsSessionId }));
    },
  );

  app.get('/api/checkout/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return checkout.checkoutOrder(req.params.paymentIntentId, req.cartSession);
  });

  // The checkout page renews its hold every minute while it is open, and before paying.
  app.post(
    '/api/checkout/:paymentIntentId/hold',
    {
      config: { rateLimit: { max: app.config.stockHold.renewPerMinute, timeWindow: 60_000 } },
      schema: { params: PaymentParamsSchema },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.renewHold(req.params.paymentIntentId, req.cartSession, req.network);
    },
  );

  app.post(
    '/api/orders/shipping',
    {
      // Each save writes the order: a shopper saves a few times at most, a script thousands.
      config: { rateLimit: { max: app.config.rateLimits.shippingPerMinute, timeWindow: 60_000 } },
      schema: { body: ShippingBodySchema },
    },
    async (req) => {
      const { paymentIntentId, sessionId, ...fields } = req.body;
      return checkout.saveShipping(paymentIntentId, req.cartSession, fields, req.network);
    },
  );

  // A discount code on the checkout (docs/decisions/0040); the payment id is the key, as for the page itself.
  app.post(
    '/api/checkout/:paymentIntentId/discount',
    { schema: { params: PaymentParamsSchema, body: ApplyDiscountBodySchema } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.applyDiscount(req.params.paymentIntentId, req.cartSession, req.body.code, req.network);
    },
  );
  app.delete('/api/checkout/:paymentIntentId/discount', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return checkout.removeDiscount(req.params.paymentIntentId, req.cartSession);
  });

  // Stripe: the server confirms the payment after its checks (docs/decisions/0043).
  app.post(
    '/api/checkout/:paymentIntentId/confirm',
    {
      // Each call asks the payment provider.
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: { params: PaymentParamsSchema, body: ConfirmPaymentBodySchema },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!app.services.payments.confirmsOnServer) throw new AppError('not_found', 'Payment not found');
      const token = req.body?.confirmationToken ?? null;
      return checkout.confirmPayment(req.params.paymentIntentId, req.cartSession, token, req.network);
    },
  );

  // The confirmation page, with or without the buyer's session (the payment id is the key).
  app.get('/api/orders/confirmation/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return checkout.confirmation(req.params.paymentIntentId);
  });

  app.post(
    '/api/orders/complete',
    {
      // Each call on a pending order asks the payment provider.
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: { body: CompleteOrderBodySchema },
    },
    async (req) => {
      const { paymentIntentId } = req.body;
      // 404 for a foreign or unknown id.
      const result = await checkout.completeForBuyer(paymentIntentId, req.cartSession);
      if (result.state === 'unpaid') {
        throw new AppError('conflict', result.message ?? PAYMENT_NOT_COMPLETED);
      }
      if (result.state === 'flagged') {
        throw new AppError('conflict', 'There is a problem with this payment. Our team will contact you by e-mail.');
      }
      return { success: true, orderId: result.order.id, status: result.order.status };
    },
  );
};
