import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { DiscountBodySchema } from '#shared/discounts-schemas.ts';
import { AdminDiscountListSchema, AdminDiscountSchema } from '#shared/discounts-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { json, noBody } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The dashboard's Discounts tab (docs/decisions/0040); registered behind requireAdmin. */
export const adminDiscountRoutes: FastifyPluginAsyncZod = async (app) => {
  const discounts = app.services.discounts;
  const tags = ['Discounts'];
  app.get(
    '/api/admin/discounts',
    {
      config: { permission: 'discounts.manage' },
      schema: {
        tags,
        operationId: 'listDiscounts',
        summary: 'List the discount codes',
        response: {
          200: json(
            'Every code with its terms, its state (live, scheduled, expired, used up, inactive), its uses and what paid orders saved with it.',
            AdminDiscountListSchema,
          ),
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return discounts.list();
    },
  );
  app.post(
    '/api/admin/discounts',
    {
      config: { permission: 'discounts.manage', audit: auditWords.discount('created') },
      schema: {
        tags,
        operationId: 'createDiscount',
        summary: 'Create a discount code',
        description:
          'A percentage or a fixed amount off, with an optional minimum subtotal, dates, usage limit, once per e-mail address and products. 409 when the code exists.',
        body: DiscountBodySchema,
        response: { 201: json('The code as saved.', AdminDiscountSchema), 409: ErrorBodySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await discounts.create(req.body, req.adminName)),
  );
  app.put(
    '/api/admin/discounts/:id',
    {
      config: { permission: 'discounts.manage', audit: auditWords.discount('changed') },
      schema: {
        tags,
        operationId: 'updateDiscount',
        summary: 'Change a discount code',
        description:
          'For checkouts that apply it from now on. 409 when another code has the name, or the usage limit is below the uses taken.',
        params: IdParamsSchema,
        body: DiscountBodySchema,
        response: { 200: json('The code as saved.', AdminDiscountSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => discounts.update(req.params.id, req.body, req.adminName),
  );
  app.delete(
    '/api/admin/discounts/:id',
    {
      config: { permission: 'discounts.manage', audit: auditWords.discount('deleted') },
      schema: {
        tags,
        operationId: 'deleteDiscount',
        summary: 'Delete a discount code',
        description: 'Orders paid with it keep its name and what it took off.',
        params: IdParamsSchema,
        response: { 204: noBody('Deleted.'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await discounts.remove(req.params.id);
      return reply.status(204).send();
    },
  );
};
