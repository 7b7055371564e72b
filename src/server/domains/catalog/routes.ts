import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_IMAGE_WIDTHS,
  ProductIdParamsSchema,
  ProductImageKindSchema,
  ProductImageQuerySchema,
  ProductListSchema,
  PublicProductSchema,
} from '#shared/catalog.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { file, json, jsonOncePerValue, keptJsonAnswer, noBody } from '../../lib/answers.ts';
import { UPLOAD_NAME } from './image-upload.ts';
import { renderProductImage } from './product-images.ts';

const ONE_YEAR = 'public, max-age=31536000, immutable';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const productList = jsonOncePerValue(ProductListSchema, '/api/products');
  app.get(
    '/api/products',
    {
      schema: {
        tags: ['Catalog'],
        operationId: 'listProducts',
        summary: 'List the products on sale',
        description:
          'Carries an `ETag`; a request whose `If-None-Match` names it is answered `304` without a body while the list is unchanged.',
        response: {
          200: json('Active products in display order. Prices are decimal strings in USD.', ProductListSchema),
          304: noBody('Not modified: the list is the one the client holds.'),
        },
      },
    },
    async (req, reply) => {
      // Written and compressed once per list (jsonOncePerValue): the bytes are sent as they are.
      const answer = keptJsonAnswer(productList(await app.services.catalog.listActiveProducts()), req.headers, 'no-cache');
      return reply
        .code(answer.status)
        .headers(answer.headers)
        .send(answer.body as never);
    },
  );
  // The same answer before routing, while the catalog holds the list (plugins/early-answers.ts).
  app.earlyAnswers.add('/api/products', (headers) => {
    const list = app.services.catalog.heldActiveProducts();
    return list && keptJsonAnswer(productList(list), headers, 'no-cache');
  });

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['Catalog'],
        operationId: 'getProduct',
        summary: 'Get a product on sale',
        params: ProductIdParamsSchema,
        response: { 200: json('The product; 404 when it is unknown or not on sale.', PublicProductSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const product = await app.services.catalog.getActiveProduct(req.params.id);
      if (!product) throw notFound('Product');
      reply.header('cache-control', 'no-cache');
      return product;
    },
  );

  app.get(
    '/api/product-images/:kind',
    {
      schema: {
        tags: ['Catalog'],
        operationId: 'getProductImage',
        summary: 'Get a product picture',
        description: `\`w\` is one of ${PRODUCT_IMAGE_WIDTHS.join(', ')} (default 960); \`format\` webp (default) or png. Cached for a year.`,
        params: z.object({ kind: ProductImageKindSchema }),
        querystring: ProductImageQuerySchema,
        response: { 200: file('The picture.', 'image/webp', 'image/png') },
      },
    },
    async (req, reply) => {
      const format = req.query.format ?? 'webp';
      const image = await renderProductImage(req.params.kind, req.query.w ?? 960, format);
      return reply.type(`image/${format}`).header('cache-control', ONE_YEAR).send(image);
    },
  );

  // Uploaded product images: server-made names only, served as the WebP they were re-encoded to.
  // Not in the API description: addresses the API hands out in `imageUrl`, not calls (plugins/openapi.ts).
  app.get('/uploads/:name', { schema: { params: z.object({ name: z.string().max(64) }) } }, async (req, reply) => {
    if (!UPLOAD_NAME.test(req.params.name)) throw notFound('Image');
    const image = await app.uploads.read(req.params.name);
    if (!image) throw notFound('Image');
    return reply.type('image/webp').header('cache-control', ONE_YEAR).send(image);
  });
};
