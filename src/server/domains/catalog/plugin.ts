import fp from 'fastify-plugin';
import { adminCatalogRoutes } from './admin-routes.ts';
import { catalogRoutes } from './routes.ts';
import { createCatalogService } from './service.ts';

/** The products, their stock and holds, images and low-stock alerts. */
export const catalogPlugin = fp(
  async (app) => {
    app.services.catalog = createCatalogService(
      app.database.db,
      app.notifier,
      {
        outbox: app.outbox,
        webhooks: app.services.webhooks.emitter,
        get ownerEmail() {
          return app.ownerEmail;
        },
        store: app.store,
      },
      app.uploads,
    );
    await app.register(catalogRoutes);
    await app.registerAdminRoutes(adminCatalogRoutes);
  },
  { name: 'catalog', dependencies: ['core', 'settings', 'files', 'webhooks'] },
);
