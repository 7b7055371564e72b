import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisplayOrderBodySchema,
  IdParamsSchema,
  InventoryChangeBodySchema,
  ProductFormSchema,
  SetInventoryBodySchema,
} from '#shared/admin.ts';
import { ProductPictureSchema, UPLOAD_IMAGE_WIDTHS } from '#shared/catalog.ts';
import { AdminProductListSchema, AdminProductSchema, StockMovementsSchema } from '#shared/catalog-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { SuccessSchema } from '#shared/response-schemas.ts';
import { StockMovementsQuerySchema } from '#shared/stock-movements.ts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { json } from '../../lib/answers.ts';
import { MAX_UPLOAD_BYTES } from './image-upload.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The answer to an upload: the full image's address and its sizes (the dashboard reads `imageUrl`). */
const UploadedImageSchema = z
  .object({
    imageUrl: z.string().describe('The full image, for a product’s `imageUrl`'),
    image: ProductPictureSchema.describe('Its sizes, as a product pointing at it shows them'),
  })
  .meta({ id: 'UploadedImage' });

/** The dashboard's product and inventory calls (docs/product.md §7 "Owner"); registered behind requireAdmin. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog;
  const params = IdParamsSchema;
  const tags = ['Catalog'];

  app.get(
    '/api/admin/products',
    {
      config: { permission: 'products.read' },
      schema: {
        tags,
        operationId: 'listAllProducts',
        summary: 'List every product, inactive ones too',
        response: { 200: json('Every product with its stock and display order.', AdminProductListSchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return catalog.listAllProducts();
    },
  );
  app.post(
    '/api/admin/products',
    {
      config: { permission: 'products.manage', audit: auditWords.product('created') },
      schema: {
        tags,
        operationId: 'createProduct',
        summary: 'Add a product',
        body: ProductFormSchema,
        response: { 201: json('The product as stored.', AdminProductSchema) },
      },
    },
    async (req, reply) => reply.status(201).send(await catalog.createProduct(req.body, req.adminName)),
  );
  app.put(
    '/api/admin/products/:id',
    {
      config: { permission: 'products.manage', audit: auditWords.product('saved') },
      schema: {
        tags,
        operationId: 'updateProduct',
        summary: 'Change a product',
        description: 'Orders already placed keep the name and price they were bought at.',
        params,
        body: ProductFormSchema,
        response: { 200: json('The product as stored.', AdminProductSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => catalog.updateProduct(req.params.id, req.body, req.adminName),
  );
  app.delete(
    '/api/admin/products/:id',
    {
      config: { permission: 'products.manage', audit: auditWords.product('deleted') },
      schema: {
        tags,
        operationId: 'deleteProduct',
        summary: 'Delete a product',
        params,
        response: { 200: json('Deleted.', SuccessSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => {
      await catalog.deleteProduct(req.params.id);
      return { success: true } as const;
    },
  );
  app.put(
    '/api/admin/products/:id/inventory',
    {
      config: { permission: 'stock.adjust', audit: auditWords.stockChanged },
      schema: {
        tags,
        operationId: 'adjustInventory',
        summary: 'Add units to the stock, or take them off',
        params,
        body: InventoryChangeBodySchema,
        response: {
          200: json('The product with its new stock; 409 if it would go below 0.', AdminProductSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req) => catalog.adjustInventory(req.params.id, req.body.change, req.adminName),
  );
  app.put(
    '/api/admin/products/:id/set-inventory',
    {
      config: { permission: 'stock.adjust', audit: auditWords.stockSet },
      schema: {
        tags,
        operationId: 'setInventory',
        summary: 'Set the stock to a count',
        params,
        body: SetInventoryBodySchema,
        response: { 200: json('The product with its new stock.', AdminProductSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => catalog.setInventory(req.params.id, req.body.inventory, req.adminName),
  );
  app.get(
    '/api/admin/products/:id/stock-movements',
    {
      config: { permission: 'products.read' },
      schema: {
        tags,
        operationId: 'listStockMovements',
        summary: 'A product’s stock history',
        description:
          'Every change of the product’s stock, newest first, 50 at a time by default (`limit` up to 200): held for a checkout, sold at payment, back from a checkout, the owner’s changes, with who made it, the stock after it and the order it belongs to. When more follow, the `Link` header gives the next page (`rel="next"`).',
        params,
        querystring: StockMovementsQuerySchema,
        response: { 200: json('The movements, newest first.', StockMovementsSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { movements, next } = await catalog.stockMovements(req.params.id, req.query);
      if (next !== null) reply.header('link', `<${nextMovementsUrl(req.params.id, req.query.limit, next)}>; rel="next"`);
      return movements;
    },
  );
  app.put(
    '/api/admin/products/:id/order',
    {
      config: { permission: 'products.manage' },
      schema: {
        tags,
        operationId: 'setDisplayOrder',
        summary: 'Set where a product is listed',
        params,
        body: DisplayOrderBodySchema,
        response: { 200: json('The product with its new display order.', AdminProductSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => catalog.setDisplayOrder(req.params.id, req.body.displayOrder),
  );

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  app.post(
    '/api/admin/upload-image',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      config: { permission: 'products.manage' },
      schema: {
        tags,
        operationId: 'uploadProductImage',
        summary: 'Upload a product image',
        description: `PNG, JPEG, WebP or GIF, at most 5 MB, in the form field \`image\`; stored re-encoded as WebP, whole (at most 1600 px) and at each narrower width of ${UPLOAD_IMAGE_WIDTHS.join(', ')} px, every size at an address named by its content. A file that cannot be read stores nothing.`,
        // Read by the handler (@fastify/multipart), not validated by Fastify.
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { image: { type: 'string', format: 'binary', description: 'The image file' } },
                required: ['image'],
              },
            },
          },
        },
        response: {
          200: json(
            'The full image’s address, for a product’s `imageUrl`, and the sizes the storefront then shows.',
            UploadedImageSchema,
          ),
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (req) => {
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
    },
  );
};

/** The next page of a product's stock history: the same size, after `cursor`. */
function nextMovementsUrl(productId: number, limit: number, cursor: number): string {
  return `/api/admin/products/${productId}/stock-movements?${new URLSearchParams({ limit: String(limit), cursor: String(cursor) })}`;
}
