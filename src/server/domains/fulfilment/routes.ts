import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { CreateLabelBodySchema } from '#shared/fulfilment.ts';

/** Labels, packing slips and printing (docs/product.md §7); registered behind requireAdmin. */
export const adminFulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const fulfilment = app.services.fulfilment;
  const params = IdParamsSchema;

  app.post('/api/orders/:id/rates', { schema: { params } }, async (req) => fulfilment.rates(req.params.id));
  app.post('/api/orders/:id/create-label', { schema: { params, body: CreateLabelBodySchema } }, async (req) =>
    fulfilment.createLabel(req.params.id, req.body ?? null, { admin: req.adminName }),
  );
  app.delete('/api/orders/:id/label', { schema: { params } }, async (req) =>
    fulfilment.voidLabel(req.params.id, { admin: req.adminName }),
  );

  app.get('/api/orders/:id/label', { schema: { params } }, async (req, reply) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="label-${req.params.id}.pdf"`)
      .send(await fulfilment.labelFile(req.params.id)),
  );
  app.get('/api/orders/:id/packing-slip', { schema: { params } }, async (req, reply) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="packing-slip-${req.params.id}.pdf"`)
      .send(await fulfilment.packingSlip(req.params.id)),
  );

  app.post('/api/test-print', async () => {
    const outcome = await fulfilment.testPrint();
    return { success: true, message: outcome.message };
  });
};
