import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreSettingsBodySchema } from '#shared/settings.ts';
import { StoreSettingsSchema } from '#shared/settings-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The dashboard's Settings tab (docs/decisions/0039); registered behind requireAdmin. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.settings;
  const tags = ['Settings'];
  app.get(
    '/api/admin/settings',
    {
      config: { permission: 'settings.manage' },
      schema: {
        tags,
        operationId: 'getSettings',
        summary: 'Read the store’s settings',
        response: {
          200: json(
            'The shipping rate, the free-shipping amount, the contacts, the alerts’ address and the reminder delay.',
            StoreSettingsSchema,
          ),
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return settings.view();
    },
  );
  app.put(
    '/api/admin/settings',
    {
      config: { permission: 'settings.manage', audit: auditWords.settings },
      schema: {
        tags,
        operationId: 'saveSettings',
        summary: 'Save the store’s settings',
        description:
          'Every setting at once; the store (every instance) uses them from the next request: checkouts’ shipping, the page’s contacts and structured data, the e-mails, the owner’s alerts, the checkout reminders.',
        body: StoreSettingsBodySchema,
        response: { 200: json('The settings as saved.', StoreSettingsSchema) },
      },
    },
    async (req) => settings.update(req.body, req.adminName),
  );
};
