import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, OrderStatusBodySchema, OrdersQuerySchema } from '#shared/admin.ts';

/** The dashboard's order calls (SPEC §7 "Admin calls"); registered behind requireAdmin. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;

  app.get('/api/orders', { schema: { querystring: OrdersQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.listForAdmin(req.query.status);
  });

  app.put('/api/orders/:id/status', { schema: { params: IdParamsSchema, body: OrderStatusBodySchema } }, async (req) =>
    orders.setStatus(req.params.id, req.body.status),
  );
};
