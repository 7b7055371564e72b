import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentParamsSchema } from '#shared/checkout.ts';

/** The buyer's own order: the checkout page's view of it and its confirmation. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;

  app.get('/api/checkout/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.checkoutOrder(req.params.paymentIntentId, req.cartSession);
  });

  app.get('/api/orders/confirmation/:paymentIntentId', { schema: { params: PaymentParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.confirmation(req.params.paymentIntentId);
  });
};
