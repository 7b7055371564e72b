import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { OrderLinksBodySchema, OrderLookupBodySchema, OrderTokenParamsSchema } from '#shared/order-status-schemas.ts';
import { OrderLinksSentSchema, OrderStatusViewSchema, OrderTokenSchema } from '#shared/order-status-response-schemas.ts';
import { ReturnRequestBodySchema } from '#shared/returns-schemas.ts';
import { idParam } from '#shared/validation.ts';
import { file, json, sendPdf } from '../../lib/answers.ts';

const ReturnLabelParamsSchema = OrderTokenParamsSchema.extend({ id: idParam });

/** The shopper's order page calls (docs/decisions/0038): the signed token in the path is the key. */
export const orderStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const status = app.services.orderStatus;
  const perHour = (max: number) => ({ rateLimit: { max, timeWindow: 3_600_000 } });

  app.get(
    '/api/order-status/:token',
    {
      schema: {
        tags: ['Order status'],
        operationId: 'getOrderStatus',
        summary: 'Read an order’s page',
        description:
          'The paid order the token opens: status, items, totals, address, tracking, delivery estimate, the history as the shopper reads it, its returns and what can still be returned. 404 with one message for any token that opens nothing.',
        params: OrderTokenParamsSchema,
        response: {
          200: json('The order as its shopper sees it (no e-mail address, no payment).', OrderStatusViewSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return status.view(req.params.token);
    },
  );

  app.post(
    '/api/order-status/lookup',
    {
      schema: {
        tags: ['Order status'],
        operationId: 'lookUpOrder',
        summary: 'Find an order by its number and e-mail address',
        description:
          'The order page’s token when both are a paid order’s; one 404 for whatever did not match. Limited per client address and per e-mail address (`RATE_LIMIT_ORDER_LOOKUPS_…`).',
        body: OrderLookupBodySchema,
        response: { 200: json('The token of the order’s page.', OrderTokenSchema), 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return status.lookup(req.body.orderNumber, req.body.email, req.network);
    },
  );

  // "E-mail me my order links": the one answer for every address, 202 (the e-mail goes out after it).
  app.post(
    '/api/order-status/links',
    {
      schema: {
        tags: ['Order status'],
        operationId: 'emailOrderLinks',
        summary: 'E-mail an address the links to its orders',
        description:
          'The links to the newest paid orders placed with this e-mail address go to that address. The answer is the same for every address, with orders or without; an address is mailed a few times an hour at most. 429 past the requests a client address has in an hour.',
        body: OrderLinksBodySchema,
        response: { 202: json('The one answer for every address.', OrderLinksSentSchema), 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(202).send(await status.emailLinks(req.body.email, req.network));
    },
  );

  app.post(
    '/api/order-status/:token/returns',
    {
      config: perHour(app.config.rateLimits.returnRequestsPerHour),
      schema: {
        tags: ['Returns'],
        operationId: 'requestReturn',
        summary: 'Ask to return lines of the order',
        description:
          'Lines the shopper still has (bought, not refunded, not in another return under way), within 30 days of the delivery, with a reason. 409 with the reason when they cannot be returned.',
        params: OrderTokenParamsSchema,
        body: ReturnRequestBodySchema,
        response: {
          201: json('The order’s page with the new return.', OrderStatusViewSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => reply.status(201).send(await status.requestReturn(req.params.token, req.body)),
  );

  app.get(
    '/api/order-status/:token/returns/:id/label',
    {
      schema: {
        tags: ['Returns'],
        operationId: 'getShopperReturnLabel',
        summary: 'Get a return’s label or slip (PDF)',
        params: ReturnLabelParamsSchema,
        response: { 200: file('The label.', 'application/pdf'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await status.returnLabel(req.params.token, req.params.id), `return-${req.params.id}.pdf`, 'attachment'),
  );
};
