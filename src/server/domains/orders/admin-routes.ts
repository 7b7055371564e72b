import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  IdParamsSchema,
  OrderNoteBodySchema,
  OrderStatusBodySchema,
  OrdersExportQuerySchema,
  OrdersQuerySchema,
} from '#shared/admin.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The dashboard's order calls (docs/product.md §7 "Owner"); registered behind requireAdmin. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;

  app.get('/api/orders', { schema: { querystring: OrdersQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { orders: page, next } = await orders.listForAdmin(req.query);
    if (next !== null) reply.header('link', nextPageLink('/api/orders', req.query, ['status', 'filter', 'q', 'limit'], next));
    return page;
  });

  app.get('/api/orders/export.csv', { schema: { querystring: OrdersExportQuerySchema } }, async (req, reply) => {
    const name = `orders-${req.query.from ?? 'start'}-to-${req.query.to ?? new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(orders.exportCsv(req.query)));
  });

  app.get('/api/orders/summary', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.summaryForAdmin();
  });

  app.put('/api/orders/:id/status', { schema: { params: IdParamsSchema, body: OrderStatusBodySchema } }, async (req) =>
    orders.setStatus(req.params.id, req.body.status, { admin: req.adminName }),
  );

  app.get('/api/orders/:id/timeline', { schema: { params: IdParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.timeline(req.params.id);
  });

  app.post('/api/orders/:id/notes', { schema: { params: IdParamsSchema, body: OrderNoteBodySchema } }, async (req, reply) =>
    reply.status(201).send(await orders.addNote(req.params.id, req.body.text, { admin: req.adminName })),
  );
};
