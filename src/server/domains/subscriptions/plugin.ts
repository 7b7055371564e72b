import fp from 'fastify-plugin';
import { adminRenewRoutes } from './admin-renew-routes.ts';
import { confirmRenewalRoutes } from './confirm-routes.ts';
import { createSubscriptionLinks } from './links.ts';
import { adminSubscriptionRoutes } from './admin-routes.ts';
import { subscriptionPageRoutes } from './page-routes.ts';
import { createSubscriptionsService } from './service.ts';

/** Subscribe and save: subscriptions, their renewals and their pages (docs/decisions/0052). */
export const subscriptionsPlugin = fp(
  async (app) => {
    const { orders, catalog, payments, tax, settings } = app.services;
    app.services.subscriptions = createSubscriptionsService({
      db: app.database.db,
      orders,
      catalog,
      payments,
      tax,
      outbox: app.outbox,
      links: createSubscriptionLinks(app.tokenSecret, app.config.publicUrl),
      orderPageLink: app.orderLinks.link,
      store: app.store,
      groundOnlyToRemoteStates: settings.hazmatToRemoteStates,
      shipping: settings.shipping,
      stripePublishableKey: app.config.stripe?.publishableKey ?? null,
      log: app.log,
    });
    await app.registerAdminRoutes(adminRenewRoutes);
    await app.register(confirmRenewalRoutes);
    await app.register(subscriptionPageRoutes);
    await app.registerAdminRoutes(adminSubscriptionRoutes);
  },
  { name: 'subscriptions', dependencies: ['orders', 'catalog', 'payments', 'tax', 'settings', 'order-links'] },
);
