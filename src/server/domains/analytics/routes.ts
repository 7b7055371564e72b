import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsQuerySchema, CollectBodySchema } from '#shared/analytics.ts';
import { isAdminPathname } from '#shared/site.ts';
import { isBot } from './collect.ts';

/** POST /api/analytics/collect: the storefront's beacon (docs/engineering.md §7). Always 204, fast. */
export const analyticsCollectRoutes: FastifyPluginAsyncZod = async (app) => {
  // sendBeacon posts text/plain: accepted here as JSON text, for this route only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new SyntaxError('Request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.post(
    '/api/analytics/collect',
    {
      bodyLimit: 4096,
      config: { rateLimit: { max: app.config.rateLimits.analyticsPerMinute, timeWindow: 60_000 } },
      schema: { body: CollectBodySchema },
    },
    async (req, reply) => {
      // Crawlers and the owner's own pages are not visits.
      if (!isBot(req.headers['user-agent']) && !isAdminPathname(req.body.path)) {
        await app.services.analytics.collect(req.body);
      }
      return reply.status(204).send();
    },
  );
};

/** GET /api/analytics: the dashboard's figures; registered behind requireAdmin. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/analytics', { schema: { querystring: AnalyticsQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return app.services.analytics.report(req.query.range);
  });
};
