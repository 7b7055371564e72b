import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { AdminSubscriptionsQuerySchema, SubscriptionIdParamsSchema } from '#shared/subscriptions-admin.ts';
import {
  AdminSubscriptionDetailSchema,
  AdminSubscriptionsPageSchema,
  AdminSubscriptionsSummarySchema,
} from '#shared/subscriptions-admin-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The owner's Subscriptions tab (docs/decisions/0054); registered behind requireAdmin. */
export const adminSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.services.subscriptions.admin;
  const tags = ['Subscriptions'];

  app.get(
    '/api/admin/subscriptions',
    {
      config: { permission: 'subscriptions.read' },
      schema: {
        tags,
        operationId: 'listSubscriptions',
        summary: 'List the subscriptions a page at a time',
        description:
          'Newest first, 50 at a time by default (`limit` up to 200); `status` (`active`, `paused` or `cancelled`) is applied here. When more follow, the `Link` header gives the next page (`rel="next"`) and `nextCursor` its cursor.',
        querystring: AdminSubscriptionsQuerySchema,
        response: { 200: json('A page of subscriptions.', AdminSubscriptionsPageSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const page = await admin.list(req.query);
      if (page.nextCursor !== null) {
        reply.header('link', nextPageLink('/api/admin/subscriptions', req.query, ['status', 'limit'], page.nextCursor));
      }
      return page;
    },
  );

  app.get(
    '/api/admin/subscriptions/summary',
    {
      config: { permission: 'subscriptions.read' },
      schema: {
        tags,
        operationId: 'getSubscriptionsSummary',
        summary: 'The subscriptions’ figures',
        description:
          'Counts by status, active ones renewing within 7 days, those whose last charge failed, the monthly recurring revenue (each active subscription’s items at today’s prices less its discount × 52 / 12 / its interval in weeks; no shipping, no tax) and the churn (cancelled in the last 30 days over those not cancelled 30 days ago, percent).',
        response: { 200: json('The figures.', AdminSubscriptionsSummarySchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.summary();
    },
  );

  app.get(
    '/api/admin/subscriptions/:id',
    {
      config: { permission: 'subscriptions.read' },
      schema: {
        tags,
        operationId: 'getSubscriptionForAdmin',
        summary: 'A subscription with its history and orders',
        params: SubscriptionIdParamsSchema,
        response: { 200: json('The subscription.', AdminSubscriptionDetailSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.detail(req.params.id);
    },
  );

  for (const action of ['pause', 'cancel'] as const) {
    app.post(
      `/api/admin/subscriptions/:id/${action}`,
      {
        config: { permission: 'subscriptions.manage' },
        schema: {
          tags,
          operationId: action === 'pause' ? 'pauseSubscriptionForAdmin' : 'cancelSubscriptionForAdmin',
          summary: action === 'pause' ? 'Pause a subscription' : 'Cancel a subscription',
          description:
            action === 'pause'
              ? 'No renewal until the shopper resumes it from their page. Recorded with the admin’s name. Asked again, the same answer. 409 once cancelled.'
              : 'No renewal after it; the shopper is e-mailed the cancellation once. Recorded with the admin’s name. Asked again, the same answer and no second e-mail.',
          params: SubscriptionIdParamsSchema,
          response: {
            200: json('The subscription after it.', AdminSubscriptionDetailSchema),
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return admin[action](req.params.id, req.adminName);
      },
    );
  }
};
