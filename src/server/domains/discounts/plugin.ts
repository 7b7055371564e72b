import fp from 'fastify-plugin';
import { adminDiscountRoutes } from './routes.ts';
import { createDiscountsService } from './service.ts';

/** Discount codes and their uses (docs/decisions/0040). */
export const discountsPlugin = fp(
  async (app) => {
    const { catalog } = app.services;
    app.services.discounts = createDiscountsService(app.database.db, {
      knownProductIds: (ids) => catalog.knownProductIds(ids),
      triesPerHour: app.config.rateLimits.discountCodesPerHour,
    });
    await app.registerAdminRoutes(adminDiscountRoutes);
  },
  { name: 'discounts', dependencies: ['catalog'] },
);
