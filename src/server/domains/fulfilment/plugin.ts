import fp from 'fastify-plugin';
import { adminFulfilmentRoutes } from './routes.ts';
import { createFulfilmentService } from './service.ts';
import { labelWebhookRoutes } from './webhook-routes.ts';

/** Labels, postage, printing and tracking (docs/decisions/0013, 0036). */
export const fulfilmentPlugin = fp(
  async (app) => {
    app.services.fulfilment = createFulfilmentService({
      db: app.database.db,
      config: app.config,
      orders: app.services.orders,
      catalog: app.services.catalog,
      provider: app.labelProvider,
      labels: app.labelFiles,
      log: app.log,
    });
    await app.registerAdminRoutes(adminFulfilmentRoutes);
    if (app.labelProvider.parseWebhook) await app.register(labelWebhookRoutes(app.labelProvider));
  },
  { name: 'fulfilment', dependencies: ['orders', 'catalog', 'labels', 'files'] },
);
