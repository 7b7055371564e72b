import fp from 'fastify-plugin';
import { createReorderLinks } from './links.ts';
import { reorderRoutes } from './routes.ts';
import { createReordersService } from './service.ts';

/** Reorder reminders and their Reorder link (docs/decisions/0051). */
export const reordersPlugin = fp(
  async (app) => {
    const { settings } = app.services;
    app.services.reorders = createReordersService({
      db: app.database.db,
      orders: app.services.orders,
      cart: app.services.cart,
      unsubscribes: app.services.recovery,
      outbox: app.outbox,
      links: createReorderLinks(app.tokenSecret, app.config.publicUrl),
      store: app.store,
      reorderReminderDays: () => settings.reorderReminderDays(),
      log: app.log,
    });
    await app.register(reorderRoutes);
  },
  { name: 'reorders', dependencies: ['orders', 'cart', 'settings', 'recovery'] },
);
