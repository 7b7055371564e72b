import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentParamsSchema, ShippingBodySchema } from '#shared/checkout.ts';
import { sessionOf } from '../../lib/buyer-session.ts';
import { networkOf } from '../../lib/network.ts';

/** The buyer's own order: the checkout page's view of it, its shipping details, its confirmation. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;

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
      return orders.saveShipping(paymentIntentId, sessionOf(req, sessionId), fields, networkOf(req.ip));
    },
  );

  app.get('/api/orders/confirmation/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.confirmation(req.params.paymentIntentId);
  });
};
