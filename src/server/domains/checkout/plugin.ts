import fp from 'fastify-plugin';
import { adminRefundRoutes } from './admin-routes.ts';
import { checkoutRoutes } from './routes.ts';
import { createCheckoutService } from './service.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';
import { testCardRoutes } from './test-card-routes.ts';

/** Checkout: a cart to a paid order (docs/decisions/0009), and the refunds and cancellations that move money back. */
export const checkoutPlugin = fp(
  async (app) => {
    const { cart, catalog, orders, payments, discounts, settings, tax, subscriptions } = app.services;
    const { stockHold } = app.config;
    app.services.checkout = createCheckoutService({
      db: app.database.db,
      cart,
      catalog,
      orders,
      payments,
      tax,
      discounts,
      subscriptions,
      log: app.log,
      pendingOrderTtlMinutes: app.config.pendingOrderTtlMinutes,
      shipping: settings.shipping,
      groundOnlyToRemoteStates: settings.hazmatToRemoteStates,
      minimumAge: settings.minimumAge,
      orderPageLink: app.orderLinks.link,
      hold: { minutes: stockHold.minutes, maxUnitsPerAddress: stockHold.maxUnitsPerAddress },
    });
    await app.register(checkoutRoutes);
    await app.register(testCardRoutes);
    if (payments.acceptsWebhooks) await app.register(stripeWebhookRoutes);
    await app.registerAdminRoutes(adminRefundRoutes);
  },
  {
    name: 'checkout',
    dependencies: ['cart', 'catalog', 'orders', 'payments', 'tax', 'discounts', 'settings', 'order-links', 'subscriptions'],
  },
);
