import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsQuerySchema, CollectBodySchema } from '#shared/analytics.ts';
import { AnalyticsReportSchema } from '#shared/analytics-response-schemas.ts';
import { isAdminPathname } from '#shared/site.ts';
import { json, noBody } from '../../lib/answers.ts';
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
      schema: {
        tags: ['Analytics'],
        operationId: 'collectEvent',
        summary: 'Record a page view or other event',
        description:
          'The storefront’s beacon. Also accepts the JSON as `text/plain` (what `navigator.sendBeacon` sends). Crawlers and the dashboard’s pages are not counted.',
        body: CollectBodySchema,
        response: { 204: noBody('Recorded (or ignored).') },
      },
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
  app.get(
    '/api/analytics',
    {
      config: { permission: 'analytics.read' },
      schema: {
        tags: ['Analytics'],
        operationId: 'getAnalyticsReport',
        summary: 'Get the dashboard’s figures',
        description:
          '`range` chooses the period of the daily series, sessions, duration, bounce and conversion rates, top pages and sources: `7d` (when absent), `30d` or `12m`, whole UTC days ending today. Closed days are read from their rollups (ADR 0032).',
        querystring: AnalyticsQuerySchema,
        response: { 200: json('Sales, sessions, sources, conversion and Core Web Vitals.', AnalyticsReportSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.analytics.report(req.query.range);
    },
  );
};
