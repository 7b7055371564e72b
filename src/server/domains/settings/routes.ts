import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreSettingsBodySchema } from '#shared/settings.ts';

/** The dashboard's Settings tab (docs/decisions/0039); registered behind requireAdmin. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.settings;
  app.get('/api/admin/settings', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return settings.view();
  });
  app.put('/api/admin/settings', { schema: { body: StoreSettingsBodySchema } }, async (req) =>
    settings.update(req.body, req.adminName),
  );
};
