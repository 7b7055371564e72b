import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditQuerySchema } from '#shared/audit.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { AuditPageSchema } from '#shared/staff-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** GET /api/admin/audit: the Activity view (docs/decisions/0057); registered behind requireAdmin, owner only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = app.services.audit;
  app.get(
    '/api/admin/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['Staff'],
        operationId: 'listAuditEntries',
        summary: 'Who did what in the dashboard',
        description:
          'Every admin write and sign-in attempt, newest first, 50 at a time by default (`limit` up to 200); `actor` (a username) and `action` (an operation such as `refundOrder`, or `signIn`, `signInFailed`, `signOut`) narrow it. When more follow, `next` and the `Link` header (`rel="next"`) give the cursor. Never holds a password, code or token.',
        querystring: AuditQuerySchema,
        response: { 200: json('The entries, newest first.', AuditPageSchema), 400: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const page = await audit.list(req.query);
      if (page.next !== null) {
        reply.header('link', nextPageLink('/api/admin/audit', req.query, ['actor', 'action', 'limit'], page.next));
      }
      return page;
    },
  );
};
