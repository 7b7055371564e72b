import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { AdminOrderSchema } from '#shared/orders-response-schemas.ts';
import { CancelBodySchema, RefundBodySchema, RefundHeadersSchema } from '#shared/refunds.ts';
import { OrderRefundsSchema, RefundSchema } from '#shared/refunds-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The owner's refunds and cancellations (docs/decisions/0027); registered behind requireAdmin. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orders } = app.services;
  const tags = ['Orders'];

  app.post(
    '/api/orders/:id/refunds',
    {
      config: { permission: 'orders.refund', audit: auditWords.refund },
      schema: {
        tags,
        operationId: 'refundOrder',
        summary: 'Refund lines or an amount of a paid order',
        description:
          'Through the payment provider. `items` refunds lines and quantities (each put back in stock when `restock`), `amount` an amount (it replaces the lines’ worth when both are sent); neither (`{}` or no body) refunds all that is left, restocking nothing. Never more than is left to refund: 409 with a message. With an `Idempotency-Key` header, the same request sent again answers as the first did: 200 with the refund it made, or the same 409 when the provider refused it; the key sent with another request (other lines, amount or reason) is refused with 422 and refunds nothing. 503 when the provider does not answer: the refund stays pending and is asked again with the same key.',
        params: IdParamsSchema,
        headers: RefundHeadersSchema,
        body: RefundBodySchema,
        response: {
          200: json('The refund this `Idempotency-Key` made before, answered again.', RefundSchema),
          201: json('The refund.', RefundSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
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

  app.get(
    '/api/orders/:id/refunds',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        operationId: 'getOrderRefunds',
        summary: 'An order’s refunds and what is left to refund',
        params: IdParamsSchema,
        response: {
          200: json('The refunds, each line’s refunded units, and the refundable amount.', OrderRefundsSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return orders.refunds.summary(req.params.id);
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { permission: 'orders.cancel', audit: auditWords.cancel },
      schema: {
        tags,
        operationId: 'cancelOrder',
        summary: 'Cancel an order',
        description:
          'An unpaid order: its payment cancelled and its stock hold released. A paid order not shipped yet: refunded in full and its items put back in stock. Shipped orders are refused (409): refund them as a return. Cancelling a cancelled order changes nothing.',
        params: IdParamsSchema,
        body: CancelBodySchema,
        response: {
          200: json('The order, cancelled.', AdminOrderSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req) => checkout.cancel(req.params.id, req.body?.reason, { admin: req.adminName }),
  );
};
