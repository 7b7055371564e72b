import fp from 'fastify-plugin';
import { adminReturnRoutes } from './routes.ts';
import { createReturnsService } from './service.ts';

/** Returns asked, approved, refused and received (docs/decisions/0037). */
export const returnsPlugin = fp(
  async (app) => {
    app.services.returns = createReturnsService({
      db: app.database.db,
      orders: app.services.orders,
      checkout: app.services.checkout,
      fulfilment: app.services.fulfilment,
      outbox: app.outbox,
      webhooks: app.services.webhooks.emitter,
      orderPageLink: app.orderLinks.link,
      store: app.store,
      get ownerEmail() {
        return app.ownerEmail;
      },
      log: app.log,
    });
    await app.registerAdminRoutes(adminReturnRoutes);
  },
  { name: 'returns', dependencies: ['webhooks', 'orders', 'checkout', 'fulfilment', 'order-links', 'settings'] },
);
