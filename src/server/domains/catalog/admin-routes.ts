import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisplayOrderBodySchema,
  IdParamsSchema,
  InventoryChangeBodySchema,
  ProductFormSchema,
  SetInventoryBodySchema,
} from '#shared/admin.ts';
import { StockMovementsQuerySchema } from '#shared/stock-movements.ts';
import { AppError } from '../../errors.ts';
import { MAX_UPLOAD_BYTES } from './image-upload.ts';

/** The dashboard's product and inventory calls (docs/product.md §7 "Owner"); registered behind requireAdmin. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog;
  const params = IdParamsSchema;

  app.get('/api/admin/products', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return catalog.listAllProducts();
  });
  app.post('/api/admin/products', { schema: { body: ProductFormSchema } }, async (req, reply) =>
    reply.status(201).send(await catalog.createProduct(req.body, req.adminName)),
  );
  app.put('/api/admin/products/:id', { schema: { params, body: ProductFormSchema } }, async (req) =>
    catalog.updateProduct(req.params.id, req.body, req.adminName),
  );
  app.delete('/api/admin/products/:id', { schema: { params } }, async (req) => {
    await catalog.deleteProduct(req.params.id);
    return { success: true };
  });
  app.put('/api/admin/products/:id/inventory', { schema: { params, body: InventoryChangeBodySchema } }, async (req) =>
    catalog.adjustInventory(req.params.id, req.body.change, req.adminName),
  );
  app.put('/api/admin/products/:id/set-inventory', { schema: { params, body: SetInventoryBodySchema } }, async (req) =>
    catalog.setInventory(req.params.id, req.body.inventory, req.adminName),
  );
  app.get(
    '/api/admin/products/:id/stock-movements',
    { schema: { params, querystring: StockMovementsQuerySchema } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { movements, next } = await catalog.stockMovements(req.params.id, req.query);
      if (next !== null) reply.header('link', `<${nextMovementsUrl(req.params.id, req.query.limit, next)}>; rel="next"`);
      return movements;
    },
  );
  app.put('/api/admin/products/:id/order', { schema: { params, body: DisplayOrderBodySchema } }, async (req) =>
    catalog.setDisplayOrder(req.params.id, req.body.displayOrder),
  );

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  app.post('/api/admin/upload-image', { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 }, async (req) => {
    if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data');
    const file = await req.file();
    if (file?.fieldname !== 'image') throw new AppError('bad_request', 'Attach the image in the field "image"');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('payload_too_large', 'The image is larger than 5 MB');
      }
      throw err;
    }
    return catalog.uploadImage(data);
  });
};

/** The next page of a product's stock history: the same size, after `cursor`. */
function nextMovementsUrl(productId: number, limit: number, cursor: number): string {
  return `/api/admin/products/${productId}/stock-movements?${new URLSearchParams({ limit: String(limit), cursor: String(cursor) })}`;
}
