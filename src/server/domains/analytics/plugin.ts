import fp from 'fastify-plugin';
import { adminAnalyticsRoutes, analyticsCollectRoutes } from './routes.ts';
import { createAnalyticsService } from './service.ts';

/** First-party analytics (docs/decisions/0014, 0032): the beacon, and the owner's report. */
export const analyticsPlugin = fp(
  async (app) => {
    app.services.analytics = createAnalyticsService(app.database.db, {
      orders: app.services.orders,
      reviews: app.services.reviews,
      ownHost: new URL(app.config.publicUrl).hostname,
      retentionDays: app.config.analyticsRetentionDays,
      vitalsMaxAgeSeconds: app.config.analyticsVitalsMaxAgeSeconds,
      recovery: app.services.recovery,
      reorders: app.services.reorders,
    });
    await app.register(analyticsCollectRoutes);
    await app.registerAdminRoutes(adminAnalyticsRoutes);
  },
  { name: 'analytics', dependencies: ['orders', 'reviews', 'recovery', 'reorders'] },
);
