import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { DiscountBodySchema } from '#shared/discounts-schemas.ts';

/** The dashboard's Discounts tab (docs/decisions/0040); registered behind requireAdmin. */
export const adminDiscountRoutes: FastifyPluginAsyncZod = async (app) => {
  const discounts = app.services.discounts;
  app.get('/api/admin/discounts', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return discounts.list();
  });
  app.post('/api/admin/discounts', { schema: { body: DiscountBodySchema } }, async (req, reply) =>
    reply.status(201).send(await discounts.create(req.body, req.adminName)),
  );
  app.put('/api/admin/discounts/:id', { schema: { params: IdParamsSchema, body: DiscountBodySchema } }, async (req) =>
    discounts.update(req.params.id, req.body, req.adminName),
  );
  app.delete('/api/admin/discounts/:id', { schema: { params: IdParamsSchema } }, async (req, reply) => {
    await discounts.remove(req.params.id);
    return reply.status(204).send();
  });
};
