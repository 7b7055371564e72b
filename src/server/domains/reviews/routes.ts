import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminReviewsQuerySchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { SuccessSchema } from '#shared/response-schemas.ts';
import {
  AdminReviewSchema,
  AdminReviewsPageSchema,
  CodeSentSchema,
  CodeVerdictSchema,
  PublicReviewListSchema,
  ReviewStatsSchema,
} from '#shared/reviews-response-schemas.ts';
import {
  CreateReviewBodySchema,
  ReviewIdParamsSchema,
  ReviewProductParamsSchema,
  ReviewsQuerySchema,
  VerifyCodeBodySchema,
  VerifyPurchaseBodySchema,
} from '#shared/reviews.ts';
import { z } from 'zod';
import { json } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';

const ReviewCreatedSchema = z.object({ success: z.literal(true), id: z.number().int() }).meta({ id: 'ReviewCreated' });

const tags = ['Reviews'];

/** The storefront's review calls (docs/product.md §7 "Shopper"). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = app.services.reviews;

  app.get(
    '/api/reviews',
    {
      schema: {
        tags,
        operationId: 'listReviews',
        summary: 'List a product’s approved reviews',
        querystring: ReviewsQuerySchema,
        response: { 200: json('Approved reviews, newest first; never an e-mail address.', PublicReviewListSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return reviews.listApproved(req.query.productId);
    },
  );
  app.get(
    '/api/reviews/stats/:productId',
    {
      schema: {
        tags,
        operationId: 'getReviewStats',
        summary: 'Get a product’s rating',
        params: ReviewProductParamsSchema,
        response: { 200: json('How many approved reviews, and their average rating.', ReviewStatsSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return reviews.stats(req.params.productId);
    },
  );
  // Sends a code to the address; 202 and the same body for any address (docs/decisions/0021).
  app.post(
    '/api/reviews/verify-purchase',
    {
      schema: {
        tags,
        operationId: 'requestReviewCode',
        summary: 'E-mail a review code',
        description: 'Sends a 6-digit code to the address if it bought the product; the answer is the same for every address.',
        body: VerifyPurchaseBodySchema,
        response: { 202: json('Same for every address.', CodeSentSchema), 429: ErrorBodySchema },
      },
    },
    async (req, reply) => reply.status(202).send(await reviews.verifyPurchase(req.body.email, req.body.productId, req.network)),
  );
  app.post(
    '/api/reviews/verify-code',
    {
      schema: {
        tags,
        operationId: 'verifyReviewCode',
        summary: 'Check a review code',
        description:
          'With the right code, says whether the address bought the product and, if so, gives the token the review needs.',
        body: VerifyCodeBodySchema,
        response: { 200: json('The verdict.', CodeVerdictSchema), 429: ErrorBodySchema },
      },
    },
    async (req) => reviews.verifyCode(req.body.email, req.body.productId, req.body.code, req.network),
  );
  app.post(
    '/api/reviews',
    {
      schema: {
        tags,
        operationId: 'submitReview',
        summary: 'Submit a review',
        description: 'Needs the token from verify-code or the shipped e-mail’s link; held until the owner approves it.',
        body: CreateReviewBodySchema,
        response: {
          201: json('Received, waiting for approval.', ReviewCreatedSchema),
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => reply.status(201).send(await reviews.submit(req.body, req.network)),
  );
};

/** The dashboard's review calls; registered behind requireAdmin. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = app.services.reviews;

  app.get(
    '/api/admin/reviews',
    {
      config: { permission: 'reviews.moderate' },
      schema: {
        tags,
        operationId: 'listReviewsForAdmin',
        summary: 'List the reviews a page at a time, with their figures',
        description:
          'Newest first, 50 at a time by default (`limit` up to 200); `status` (`pending` or `approved`) and `q` (any part of the title, name, e-mail or text) are applied here. When more follow, the `Link` header gives the next page (`rel="next"`).',
        querystring: AdminReviewsQuerySchema,
        response: {
          200: json(
            'A page of reviews (approved or not, with the e-mail) and the figures of every review.',
            AdminReviewsPageSchema,
          ),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { next, ...page } = await reviews.listForAdmin(req.query);
      if (next !== null) reply.header('link', nextPageLink('/api/admin/reviews', req.query, ['status', 'q', 'limit'], next));
      return page;
    },
  );
  app.put(
    '/api/admin/reviews/:id/approve',
    {
      config: { permission: 'reviews.moderate' },
      schema: {
        tags,
        operationId: 'approveReview',
        summary: 'Approve a review',
        params: ReviewIdParamsSchema,
        response: { 200: json('The review, now published.', AdminReviewSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => reviews.approve(req.params.id),
  );
  app.delete(
    '/api/admin/reviews/:id',
    {
      config: { permission: 'reviews.moderate' },
      schema: {
        tags,
        operationId: 'deleteReview',
        summary: 'Delete a review',
        params: ReviewIdParamsSchema,
        response: { 200: json('Deleted.', SuccessSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => {
      await reviews.remove(req.params.id);
      return { success: true as const };
    },
  );
};
