import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { CustomerOrdersQuerySchema, CustomersExportQuerySchema, CustomersQuerySchema } from '#shared/customers.ts';
import { AdminOrderListSchema, CustomerListSchema } from '#shared/orders-response-schemas.ts';
import { file, json } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The dashboard's Customers tab (docs/decisions/0028); registered behind requireAdmin. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const customers = app.services.customers;
  const tags = ['Customers'];

  app.get(
    '/api/admin/customers',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        operationId: 'listCustomers',
        summary: 'List customers',
        description:
          'A page of customers: each e-mail address of paid, shipped or delivered orders (any case, test orders included) with the name on its latest order, how many such orders, their total and the first and latest order’s time; the one who ordered last first. `q` searches the e-mail and the name, in any case. When more follow, the `Link` header gives the next page (`rel="next"`); its cursor is opaque.',
        querystring: CustomersQuerySchema,
        response: { 200: json('Customers, the latest order first.', CustomerListSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { customers: page, next } = await customers.list(req.query);
      if (next !== null) reply.header('link', nextPageLink('/api/admin/customers', req.query, ['q', 'limit'], next));
      return page;
    },
  );

  app.get(
    '/api/admin/customers/export.csv',
    {
      config: { permission: 'customers.export' },
      schema: {
        tags,
        operationId: 'exportCustomers',
        summary: 'Export customers as CSV',
        description:
          "Every customer the same `q` finds, in the list's order: e-mail, name, orders, total spent, first and last order (UTC), test orders, and whether their latest order consented to news and offers (yes or no). Streamed a batch at a time. A cell that would start a spreadsheet formula is prefixed with `'`.",
        querystring: CustomersExportQuerySchema,
        response: { 200: file('The CSV file.', 'text/csv') },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(Readable.from(customers.exportCsv(req.query))),
  );

  app.get(
    '/api/admin/customers/orders',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        operationId: 'listCustomerOrders',
        summary: 'List one customer’s orders',
        description:
          'The orders counted in the figures of the customer with this `email` (matched whole, in any case), newest first. When more follow, the `Link` header gives the next page (`rel="next"`).',
        querystring: CustomerOrdersQuerySchema,
        response: { 200: json('Orders, newest first.', AdminOrderListSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { orders, next } = await customers.orders(req.query);
      if (next !== null) {
        reply.header('link', nextPageLink('/api/admin/customers/orders', req.query, ['email', 'limit'], next));
      }
      return orders;
    },
  );
};
