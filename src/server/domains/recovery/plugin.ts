import fp from 'fastify-plugin';
import { createRecoveryLinks } from './links.ts';
import { recoveryRoutes } from './routes.ts';
import { createRecoveryService } from './service.ts';

/** Abandoned-checkout reminders and their links (docs/decisions/0041). */
export const recoveryPlugin = fp(
  async (app) => {
    const { settings } = app.services;
    app.services.recovery = createRecoveryService({
      db: app.database.db,
      orders: app.services.orders,
      cart: app.services.cart,
      outbox: app.outbox,
      links: createRecoveryLinks(app.tokenSecret, app.config.publicUrl),
      store: app.store,
      reminderDelayHours: () => settings.current().reminderDelayHours,
      log: app.log,
    });
    await app.register(recoveryRoutes);
  },
  { name: 'recovery', dependencies: ['orders', 'cart', 'settings'] },
);
