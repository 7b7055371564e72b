import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, OrderStatusBodySchema, OrdersQuerySchema } from '#shared/admin.ts';

/** The dashboard's order calls (SPEC §7 "Admin calls"); registered behind requireAdmin. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;

  app.get('/api/orders', { schema: { querystring: OrdersQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { orders: page, next } = await orders.listForAdmin(req.query);
    if (next !== null) reply.header('link', `<${nextPageUrl(req.query, next)}>; rel="next"`);
    return page;
  });

  app.get('/api/orders/summary', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.summaryForAdmin();
  });

  app.put('/api/orders/:id/status', { schema: { params: IdParamsSchema, body: OrderStatusBodySchema } }, async (req) =>
    orders.setStatus(req.params.id, req.body.status),
  );
};

/** The same list's next page: the same status, filter, search and size, after `cursor`. */
function nextPageUrl(query: Record<string, unknown>, cursor: number): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'filter', 'q', 'limit'] as const) {
    const v = query[key];
    if (v !== undefined && v !== '') params.set(key, String(v));
  }
  params.set('cursor', String(cursor));
  return `/api/orders?${params}`;
}
