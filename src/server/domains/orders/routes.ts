import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionIdSchema } from '#shared/cart.ts';
import { PAYMENT_NOT_COMPLETED } from '#shared/messages.ts';
import { CompleteOrderBodySchema, PaymentIntentIdSchema, ShippingBodySchema, StartCheckoutBodySchema } from '#shared/checkout.ts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { networkOf } from '../../lib/network.ts';

const PaymentParamsSchema = z.object({ paymentIntentId: PaymentIntentIdSchema });

/** The caller's cart session, when it sends one (X-Session-Id header or body). */
function sessionOf(req: FastifyRequest, body?: string): string | undefined {
  const header = req.headers['x-session-id'];
  const value = typeof header === 'string' ? header : body;
  if (value === undefined) return undefined;
  const parsed = SessionIdSchema.safeParse(value);
  return parsed.success ? parsed.data : '';
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;

  app.post(
    '/api/checkout',
    {
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute, timeWindow: 60_000 } },
      schema: { body: StartCheckoutBodySchema },
    },
    async (req, reply) => {
      const { sessionId, analyticsSessionId } = req.body;
      return reply.status(201).send(await orders.startCheckout(sessionId, { holder: networkOf(req.ip), analyticsSessionId }));
    },
  );

  // The checkout page renews its hold every minute while it is open, and before paying.
  app.post(
    '/api/checkout/:paymentIntentId/hold',
    {
      config: { rateLimit: { max: app.config.stockHold.renewPerMinute, timeWindow: 60_000 } },
      schema: { params: PaymentParamsSchema },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return orders.renewHold(req.params.paymentIntentId, sessionOf(req), networkOf(req.ip));
    },
  );

  app.get('/api/checkout/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.checkoutOrder(req.params.paymentIntentId, sessionOf(req));
  });

  app.post(
    '/api/orders/shipping',
    {
      // Each save writes the order: a shopper saves a few times at most, a script thousands.
      config: { rateLimit: { max: app.config.rateLimits.shippingPerMinute, timeWindow: 60_000 } },
      schema: { body: ShippingBodySchema },
    },
    async (req) => {
      const { paymentIntentId, sessionId, ...fields } = req.body;
      return orders.saveShipping(paymentIntentId, sessionOf(req, sessionId), fields);
    },
  );

  app.post(
    '/api/orders/complete',
    {
      // Each call on a pending order asks the payment provider.
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: { body: CompleteOrderBodySchema },
    },
    async (req) => {
      const { paymentIntentId, sessionId } = req.body;
      await orders.checkoutOrder(paymentIntentId, sessionOf(req, sessionId)); // 404 for a foreign or unknown id
      const result = await orders.completePayment(paymentIntentId);
      if (result.state === 'unpaid') {
        throw new AppError('conflict', result.message ?? PAYMENT_NOT_COMPLETED);
      }
      if (result.state === 'flagged') {
        throw new AppError('conflict', 'There is a problem with this payment. Our team will contact you by e-mail.');
      }
      return { success: true, orderId: result.order.id, status: result.order.status };
    },
  );

  app.get('/api/orders/confirmation/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.confirmation(req.params.paymentIntentId);
  });
};
