import fp from 'fastify-plugin';
import { cartRoutes } from './routes.ts';
import { createCartService } from './service.ts';

/** The shoppers' carts, by their session ids (docs/decisions/0004). */
export const cartPlugin = fp(
  async (app) => {
    app.services.cart = createCartService(app.database.db, app.services.catalog);
    await app.register(cartRoutes);
  },
  { name: 'cart', dependencies: ['catalog'] },
);
