import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { CancelBodySchema, RefundBodySchema, RefundHeadersSchema } from '#shared/refunds.ts';

/** The owner's refunds and cancellations (docs/decisions/0027); registered behind requireAdmin. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orders } = app.services;

  app.post(
    '/api/orders/:id/refunds',
    { schema: { params: IdParamsSchema, body: RefundBodySchema, headers: RefundHeadersSchema } },
    async (req, reply) => {
      // A client's key is kept in its own namespace: it can never be one of the store's own (`return:7`, `cancel-…`).
      const header = req.headers['idempotency-key'];
      const key = header ? `client:${header}` : null;
      const { refund, created } = await checkout.refund(req.params.id, req.body ?? {}, { admin: req.adminName }, key, {
        bindKey: true,
      });
      return reply.status(created ? 201 : 200).send(refund);
    },
  );

  app.get('/api/orders/:id/refunds', { schema: { params: IdParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.refunds.summary(req.params.id);
  });

  app.post('/api/orders/:id/cancel', { schema: { params: IdParamsSchema, body: CancelBodySchema } }, async (req) =>
    checkout.cancel(req.params.id, req.body?.reason, { admin: req.adminName }),
  );
};
