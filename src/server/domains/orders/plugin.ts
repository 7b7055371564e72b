import fp from 'fastify-plugin';
import { adminOrderRoutes } from './admin-routes.ts';
import { adminCustomerRoutes } from './customer-routes.ts';
import { adminDisputeRoutes } from './dispute-routes.ts';
import { createCustomersService } from './customers.ts';
import { createOrdersService } from './service.ts';

/** The orders' records, their lifecycle, e-mails and the owner's views of them, and the customers. */
export const ordersPlugin = fp(
  async (app) => {
    app.services.orders = createOrdersService({
      db: app.database.db,
      catalog: app.services.catalog,
      discounts: app.services.discounts,
      outbox: app.outbox,
      webhooks: app.services.webhooks.emitter,
      store: app.store,
      reviewLink: app.reviewLinks.reviewLink,
      orderPageLink: app.orderLinks.link,
      deliveriesTracked: app.labelProvider.tracks,
      ownerEmail: () => app.ownerEmail,
    });
    app.services.customers = createCustomersService(app.database.db);
    await app.registerAdminRoutes(adminOrderRoutes);
    await app.registerAdminRoutes(adminCustomerRoutes);
    await app.registerAdminRoutes(adminDisputeRoutes);
  },
  { name: 'orders', dependencies: ['webhooks', 'catalog', 'discounts', 'settings', 'review-links', 'order-links', 'labels'] },
);
