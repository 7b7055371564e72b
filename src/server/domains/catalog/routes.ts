import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductIdParamsSchema, ProductImageKindSchema, ProductImageQuerySchema } from '#shared/catalog.ts';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { UPLOAD_NAME } from './image-upload.ts';
import { renderProductImage } from './product-images.ts';

const ONE_YEAR = 'public, max-age=31536000, immutable';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.services.catalog.listActiveProducts();
  });

  app.get('/api/products/:id', { schema: { params: ProductIdParamsSchema } }, async (req, reply) => {
    const product = await app.services.catalog.getActiveProduct(req.params.id);
    if (!product) throw notFound('Product');
    reply.header('cache-control', 'no-cache');
    return product;
  });

  app.get(
    '/api/product-images/:kind',
    { schema: { params: z.object({ kind: ProductImageKindSchema }), querystring: ProductImageQuerySchema } },
    async (req, reply) => {
      const format = req.query.format ?? 'webp';
      const image = await renderProductImage(req.params.kind, req.query.w ?? 960, format);
      return reply.type(`image/${format}`).header('cache-control', ONE_YEAR).send(image);
    },
  );

  // Uploaded product images: server-made names only, served as the WebP they were re-encoded to.
  app.get('/uploads/:name', { schema: { params: z.object({ name: z.string().max(64) }) } }, async (req, reply) => {
    if (!UPLOAD_NAME.test(req.params.name)) throw notFound('Image');
    const image = await app.uploads.read(req.params.name);
    if (!image) throw notFound('Image');
    return reply.type('image/webp').header('cache-control', ONE_YEAR).send(image);
  });
};
