import fp from 'fastify-plugin';
import { reactionRoutes } from './routes.ts';
import { createReactionsService } from './service.ts';

/** "Report a reaction" on the safety page (docs/decisions/0050). */
export const reactionsPlugin = fp(
  async (app) => {
    app.services.reactions = createReactionsService({
      db: app.database.db,
      outbox: app.outbox,
      store: app.store,
      get ownerEmail() {
        return app.ownerEmail;
      },
      limits: {
        perNetworkPerHour: app.config.rateLimits.reactionReportsPerIpPerHour,
        perHour: app.config.rateLimits.reactionReportsPerHour,
      },
    });
    await app.register(reactionRoutes);
  },
  { name: 'reactions', dependencies: ['settings'] },
);
