import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { AdminReturnsQuerySchema, ReturnReceiveBodySchema, ReturnRefuseBodySchema } from '#shared/returns-schemas.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The owner's Returns tab (docs/decisions/0037); registered behind requireAdmin. */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = app.services.returns;
  const params = IdParamsSchema;

  app.get('/api/admin/returns', { schema: { querystring: AdminReturnsQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const [{ returns: page, next }, counts] = await Promise.all([returns.list(req.query), returns.counts()]);
    if (next !== null) reply.header('link', nextPageLink('/api/admin/returns', req.query, ['status', 'limit'], next));
    return { returns: page, counts };
  });
  app.post('/api/admin/returns/:id/approve', { schema: { params } }, async (req) =>
    returns.approve(req.params.id, { admin: req.adminName }),
  );
  app.post('/api/admin/returns/:id/refuse', { schema: { params, body: ReturnRefuseBodySchema } }, async (req) =>
    returns.refuse(req.params.id, req.body.reason, { admin: req.adminName }),
  );
  app.post('/api/admin/returns/:id/receive', { schema: { params, body: ReturnReceiveBodySchema } }, async (req) =>
    returns.receive(req.params.id, req.body, { admin: req.adminName }),
  );
  app.get('/api/admin/returns/:id/label', { schema: { params } }, async (req, reply) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="return-${req.params.id}.pdf"`)
      .send(await returns.labelFile(req.params.id)),
  );
};
