import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { CustomerOrdersQuerySchema, CustomersExportQuerySchema, CustomersQuerySchema } from '#shared/customers.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The dashboard's Customers tab (docs/decisions/0028); registered behind requireAdmin. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const customers = app.services.customers;

  app.get('/api/admin/customers', { schema: { querystring: CustomersQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { customers: page, next } = await customers.list(req.query);
    if (next !== null) reply.header('link', nextPageLink('/api/admin/customers', req.query, ['q', 'limit'], next));
    return page;
  });

  app.get('/api/admin/customers/export.csv', { schema: { querystring: CustomersExportQuerySchema } }, async (req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(customers.exportCsv(req.query))),
  );

  app.get('/api/admin/customers/orders', { schema: { querystring: CustomerOrdersQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { orders, next } = await customers.orders(req.query);
    if (next !== null) {
      reply.header('link', nextPageLink('/api/admin/customers/orders', req.query, ['email', 'limit'], next));
    }
    return orders;
  });
};
