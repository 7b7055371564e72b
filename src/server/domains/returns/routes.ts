import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { AdminReturnSchema, AdminReturnsPageSchema } from '#shared/returns-response-schemas.ts';
import { AdminReturnsQuerySchema, ReturnReceiveBodySchema, ReturnRefuseBodySchema } from '#shared/returns-schemas.ts';
import { file, json, sendPdf } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The owner's Returns tab (docs/decisions/0037); registered behind requireAdmin. */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = app.services.returns;
  const params = IdParamsSchema;
  const tags = ['Returns'];

  app.get(
    '/api/admin/returns',
    {
      config: { permission: 'returns.read' },
      schema: {
        tags,
        operationId: 'listReturns',
        summary: 'List the returns a page at a time, with each status’s count',
        description:
          'Newest first, 50 at a time by default (`limit` up to 200), of one `status` or all; the next page in `Link`.',
        querystring: AdminReturnsQuerySchema,
        response: { 200: json('A page of returns and the counts.', AdminReturnsPageSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const [{ returns: page, next }, counts] = await Promise.all([returns.list(req.query), returns.counts()]);
      if (next !== null) reply.header('link', nextPageLink('/api/admin/returns', req.query, ['status', 'limit'], next));
      return { returns: page, counts };
    },
  );
  app.post(
    '/api/admin/returns/:id/approve',
    {
      config: { permission: 'returns.decide', audit: auditWords.returnDecided('approved') },
      schema: {
        tags,
        operationId: 'approveReturn',
        summary: 'Approve a return and make its label',
        description:
          'A prepaid return label from the label provider (the built-in one makes a slip); approving again makes a label that failed. 409 for a refused or received return; 503 when the provider does not answer.',
        params,
        response: {
          200: json('The return.', AdminReturnSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req) => returns.approve(req.params.id, { admin: req.adminName }),
  );
  app.post(
    '/api/admin/returns/:id/refuse',
    {
      config: { permission: 'returns.decide', audit: auditWords.returnDecided('refused') },
      schema: {
        tags,
        operationId: 'refuseReturn',
        summary: 'Refuse a return, with the reason the shopper reads',
        params,
        body: ReturnRefuseBodySchema,
        response: { 200: json('The return.', AdminReturnSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => returns.refuse(req.params.id, req.body.reason, { admin: req.adminName }),
  );
  app.post(
    '/api/admin/returns/:id/receive',
    {
      config: { permission: 'returns.receive', audit: auditWords.returnReceived },
      schema: {
        tags,
        operationId: 'receiveReturn',
        summary: 'Receive a return: refund its lines',
        description:
          'Refunds the lines (put back in stock or not) and the postage the shopper paid (refused for a prepaid label), once, through the payment provider. When the provider has not answered yet the return is received and its refund pending (`refunded` null; it is asked again). 409 unless approved, for postage on a prepaid label, or when the provider refuses the refund (the return stays approved; receiving again tries again).',
        params,
        body: ReturnReceiveBodySchema,
        response: { 200: json('The return.', AdminReturnSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => returns.receive(req.params.id, req.body, { admin: req.adminName }),
  );
  app.get(
    '/api/admin/returns/:id/label',
    {
      config: { permission: 'returns.read' },
      schema: {
        tags,
        operationId: 'getReturnLabel',
        summary: 'Get a return’s label or slip (PDF)',
        params,
        response: { 200: file('The label.', 'application/pdf'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => sendPdf(reply, await returns.labelFile(req.params.id), `return-${req.params.id}.pdf`),
  );
};
