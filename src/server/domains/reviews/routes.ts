import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminReviewsQuerySchema } from '#shared/admin.ts';
import {
  CreateReviewBodySchema,
  ReviewIdParamsSchema,
  ReviewProductParamsSchema,
  ReviewsQuerySchema,
  VerifyCodeBodySchema,
  VerifyPurchaseBodySchema,
} from '#shared/reviews.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The storefront's review calls (docs/product.md §7 "Shopper"). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = app.services.reviews;

  app.get('/api/reviews', { schema: { querystring: ReviewsQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-cache');
    return reviews.listApproved(req.query.productId);
  });
  app.get('/api/reviews/stats/:productId', { schema: { params: ReviewProductParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-cache');
    return reviews.stats(req.params.productId);
  });
  // Sends a code to the address; 202 and the same body for any address (docs/decisions/0021).
  app.post('/api/reviews/verify-purchase', { schema: { body: VerifyPurchaseBodySchema } }, async (req, reply) =>
    reply.status(202).send(await reviews.verifyPurchase(req.body.email, req.body.productId, req.network)),
  );
  app.post('/api/reviews/verify-code', { schema: { body: VerifyCodeBodySchema } }, async (req) =>
    reviews.verifyCode(req.body.email, req.body.productId, req.body.code, req.network),
  );
  app.post('/api/reviews', { schema: { body: CreateReviewBodySchema } }, async (req, reply) =>
    reply.status(201).send(await reviews.submit(req.body, req.network)),
  );
};

/** The dashboard's review calls; registered behind requireAdmin. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = app.services.reviews;

  app.get('/api/admin/reviews', { schema: { querystring: AdminReviewsQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { next, ...page } = await reviews.listForAdmin(req.query);
    if (next !== null) reply.header('link', nextPageLink('/api/admin/reviews', req.query, ['status', 'q', 'limit'], next));
    return page;
  });
  app.put('/api/admin/reviews/:id/approve', { schema: { params: ReviewIdParamsSchema } }, async (req) =>
    reviews.approve(req.params.id),
  );
  app.delete('/api/admin/reviews/:id', { schema: { params: ReviewIdParamsSchema } }, async (req) => {
    await reviews.remove(req.params.id);
    return { success: true };
  });
};
