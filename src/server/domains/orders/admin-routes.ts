import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  IdParamsSchema,
  OrderNoteBodySchema,
  OrderStatusBodySchema,
  OrdersExportQuerySchema,
  OrdersQuerySchema,
} from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import {
  AdminOrderListSchema,
  AdminOrderSchema,
  OrderEventSchema,
  OrdersSummarySchema,
  OrderTimelineSchema,
} from '#shared/orders-response-schemas.ts';
import { file, json } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The dashboard's order calls (docs/product.md §7 "Owner"); registered behind requireAdmin. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.orders;
  const tags = ['Orders'];

  app.get(
    '/api/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        operationId: 'listOrders',
        summary: 'List orders',
        description:
          'A page of orders, newest first: paid orders and payment problems; open checkouts only with `status=pending`, checkouts closed unpaid only with `filter=expired`. `q` searches names, e-mail, payment id and order number. When more follow, the `Link` header gives the next page (`rel="next"`).',
        querystring: OrdersQuerySchema,
        response: { 200: json('Orders, newest first.', AdminOrderListSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { orders: page, next } = await orders.listForAdmin(req.query);
      if (next !== null) reply.header('link', nextPageLink('/api/orders', req.query, ['status', 'filter', 'q', 'limit'], next));
      return page;
    },
  );

  app.get(
    '/api/orders/export.csv',
    {
      config: { permission: 'orders.export' },
      schema: {
        tags,
        operationId: 'exportOrders',
        summary: 'Export orders as CSV',
        description:
          "The orders placed between `from` and `to` (UTC days, inclusive), oldest first: without `status`, every paid order and payment problem. Streamed a batch at a time; one line per order with its items, totals, address and tracking number. A cell that would start a spreadsheet formula is prefixed with `'`.",
        querystring: OrdersExportQuerySchema,
        response: { 200: file('The CSV file.', 'text/csv') },
      },
    },
    async (req, reply) => {
      const name = `orders-${req.query.from ?? 'start'}-to-${req.query.to ?? new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(orders.exportCsv(req.query)));
    },
  );

  app.get(
    '/api/orders/summary',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        operationId: 'getOrdersSummary',
        summary: 'Order figures',
        description: 'The dashboard’s summary cards and the count of each status and filter, computed in the database.',
        response: { 200: json('The figures.', OrdersSummarySchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return orders.summaryForAdmin();
    },
  );

  app.put(
    '/api/orders/:id/status',
    {
      config: { permission: 'orders.status', audit: auditWords.orderStatus },
      schema: {
        tags,
        operationId: 'setOrderStatus',
        summary: 'Set an order’s status',
        params: IdParamsSchema,
        body: OrderStatusBodySchema,
        response: { 200: json('The order.', AdminOrderSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => orders.setStatus(req.params.id, req.body.status, { admin: req.adminName }),
  );

  app.get(
    '/api/orders/:id/timeline',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        operationId: 'getOrderTimeline',
        summary: 'An order’s history',
        description:
          'Every event of the order, oldest first: checkout started, shipping saved, declined payment attempts with the provider’s reason, paid, e-mails sent, labels, status changes, the owner’s notes.',
        params: IdParamsSchema,
        response: { 200: json('The events.', OrderTimelineSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return orders.timeline(req.params.id);
    },
  );

  app.post(
    '/api/orders/:id/notes',
    {
      config: { permission: 'orders.notes' },
      schema: {
        tags,
        operationId: 'addOrderNote',
        summary: 'Add a note to an order',
        description: 'An internal note, kept in the order’s history with the admin’s name. Never shown to the shopper.',
        params: IdParamsSchema,
        body: OrderNoteBodySchema,
        response: { 201: json('The note as it appears in the history.', OrderEventSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await orders.addNote(req.params.id, req.body.text, { admin: req.adminName })),
  );
};
