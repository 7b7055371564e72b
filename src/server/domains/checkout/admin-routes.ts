import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { CancelBodySchema, RefundBodySchema, RefundHeadersSchema } from '#shared/refunds.ts';
import { adminName } from '../../plugins/admin-guard.ts';

/** The owner's refunds and cancellations (docs/decisions/0027); registered behind requireAdmin. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orders } = app.services;

  app.post(
    '/api/orders/:id/refunds',
    { schema: { params: IdParamsSchema, body: RefundBodySchema, headers: RefundHeadersSchema } },
    async (req, reply) => {
      const key = req.headers['idempotency-key'] ?? null;
      const { refund, created } = await checkout.refund(req.params.id, req.body, { admin: adminName(req) }, key);
      return reply.status(created ? 201 : 200).send(refund);
    },
  );

  app.get('/api/orders/:id/refunds', { schema: { params: IdParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orders.refunds.summary(req.params.id);
  });

  app.post('/api/orders/:id/cancel', { schema: { params: IdParamsSchema, body: CancelBodySchema } }, async (req) =>
    checkout.cancel(req.params.id, req.body?.reason, { admin: adminName(req) }),
  );
};
