import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderLinksBodySchema, OrderLookupBodySchema, OrderTokenParamsSchema } from '#shared/order-status-schemas.ts';
import { ReturnRequestBodySchema } from '#shared/returns-schemas.ts';
import { idParam } from '#shared/validation.ts';

const ReturnLabelParamsSchema = OrderTokenParamsSchema.extend({ id: idParam });

/** The shopper's order page calls (docs/decisions/0038): the signed token in the path is the key. */
export const orderStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const status = app.services.orderStatus;
  const perHour = (max: number) => ({ rateLimit: { max, timeWindow: 3_600_000 } });

  app.get('/api/order-status/:token', { schema: { params: OrderTokenParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return status.view(req.params.token);
  });

  app.post('/api/order-status/lookup', { schema: { body: OrderLookupBodySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return status.lookup(req.body.orderNumber, req.body.email, req.network);
  });

  // "E-mail me my order links": the one answer for every address, 202 (the e-mail goes out after it).
  app.post('/api/order-status/links', { schema: { body: OrderLinksBodySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.status(202).send(await status.emailLinks(req.body.email, req.network));
  });

  app.post(
    '/api/order-status/:token/returns',
    {
      config: perHour(app.config.rateLimits.returnRequestsPerHour),
      schema: { params: OrderTokenParamsSchema, body: ReturnRequestBodySchema },
    },
    async (req, reply) => reply.status(201).send(await status.requestReturn(req.params.token, req.body)),
  );

  app.get('/api/order-status/:token/returns/:id/label', { schema: { params: ReturnLabelParamsSchema } }, async (req, reply) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="return-${req.params.id}.pdf"`)
      .send(await status.returnLabel(req.params.token, req.params.id)),
  );
};
