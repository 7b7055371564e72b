import fp from 'fastify-plugin';
import { orderStatusRoutes } from './routes.ts';
import { createOrderStatusService } from './service.ts';

/** The shopper's order page without an account (docs/decisions/0038). */
export const orderStatusPlugin = fp(
  async (app) => {
    const limits = app.config.rateLimits;
    app.services.orderStatus = createOrderStatusService({
      db: app.database.db,
      orders: app.services.orders,
      fulfilment: app.services.fulfilment,
      returns: app.services.returns,
      links: app.orderLinks,
      subscriptionPageOf: app.services.subscriptions.pageOfOrder,
      outbox: app.outbox,
      store: app.store,
      limits: {
        lookupsPerIpPerHour: limits.orderLookupsPerIpPerHour,
        lookupsPerEmailPerHour: limits.orderLookupsPerEmailPerHour,
        linksPerIpPerHour: limits.orderLinksPerIpPerHour,
        linksPerEmailPerHour: limits.orderLinksPerEmailPerHour,
      },
    });
    await app.register(orderStatusRoutes);
  },
  { name: 'order-status', dependencies: ['orders', 'fulfilment', 'returns', 'order-links', 'settings', 'subscriptions'] },
);
