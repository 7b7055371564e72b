import fp from 'fastify-plugin';
import { adminPrivacyRoutes } from './routes.ts';
import { createPrivacyService } from './service.ts';

/** A customer's access and deletion requests, answered by the owner (docs/decisions/0049). */
export const privacyPlugin = fp(
  async (app) => {
    app.services.privacy = createPrivacyService({ db: app.database.db, secret: app.tokenSecret });
    await app.registerAdminRoutes(adminPrivacyRoutes);
  },
  { name: 'privacy', dependencies: ['orders', 'reviews', 'recovery', 'reorders', 'discounts', 'returns', 'fulfilment', 'files'] },
);
