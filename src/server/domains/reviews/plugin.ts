import fp from 'fastify-plugin';
import { adminReviewRoutes, reviewRoutes } from './routes.ts';
import { createReviewsService } from './service.ts';

/** Verified-purchase reviews (docs/decisions/0012, 0021). */
export const reviewsPlugin = fp(
  async (app) => {
    const limits = app.config.rateLimits;
    app.services.reviews = createReviewsService({
      db: app.database.db,
      catalog: app.services.catalog,
      orders: app.services.orders,
      notifier: app.notifier,
      outbox: app.outbox,
      secret: app.tokenSecret,
      links: app.reviewLinks,
      store: app.store,
      limits: {
        perHour: limits.reviewsPerHour,
        codesPerEmailPerHour: limits.reviewCodesPerEmailPerHour,
        codesPerIpPerHour: limits.reviewCodesPerIpPerHour,
      },
    });
    await app.register(reviewRoutes);
    await app.registerAdminRoutes(adminReviewRoutes);
  },
  { name: 'reviews', dependencies: ['catalog', 'orders', 'settings', 'review-links'] },
);
