import fp from 'fastify-plugin';
import { ensureSecret } from '../../lib/server-secrets.ts';
import { systemResolve, type Resolve } from './addresses.ts';
import { adminWebhookRoutes } from './routes.ts';
import { createWebhooksService } from './service.ts';

/** Webhooks out: the owner's endpoints, the events the store sends them, and their delivery (docs/decisions/0058). */
export const webhooksPlugin = fp<{ resolve?: Resolve | undefined }>(
  async (app, opts) => {
    const webhooks = createWebhooksService({
      db: app.database.db,
      key: await ensureSecret(app.database.db, 'webhook-secrets'),
      allowPrivate: app.config.webhooks.allowPrivateUrls,
      resolve: opts.resolve ?? systemResolve,
      log: app.log,
    });
    app.services.webhooks = webhooks;
    // Runs before the database closes: an attempt under way ends first.
    app.addHook('onClose', () => webhooks.close());
    await app.registerAdminRoutes(adminWebhookRoutes);
  },
  { name: 'webhooks', dependencies: ['core'] },
);
