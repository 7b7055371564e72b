import fp from 'fastify-plugin';
import { SHIPPING } from '#shared/constants.ts';
import { parseCents } from '#shared/money.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import { adminSettingsRoutes } from './routes.ts';
import { createSettingsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's name and contacts as every e-mail and page writes them: the settings' as they are now. */
    store: StoreContact;
    /** Where the owner's alerts go, as the settings are now (undefined: nowhere). */
    readonly ownerEmail: string | undefined;
  }
}

/** The store's settings the owner edits (docs/decisions/0039), and the contacts they give everyone else. */
export const settingsPlugin = fp(
  async (app) => {
    const settings = await createSettingsService(app.database.db, app.notifier, {
      shippingRateCents: parseCents(SHIPPING.rateUsd),
      supportEmail: app.config.support.email,
      supportPhone: app.config.support.phone,
      ownerEmail: app.config.ownerEmail,
    });
    app.services.settings = settings;
    app.decorate('store', {
      publicUrl: app.config.publicUrl,
      get supportEmail() {
        return settings.current().supportEmail;
      },
      get supportPhone() {
        return settings.current().supportPhone;
      },
      get postalAddress() {
        return settings.current().postalAddress;
      },
    });
    app.decorate('ownerEmail', {
      getter() {
        return settings.current().ownerEmail ?? undefined;
      },
    });
    await app.registerAdminRoutes(adminSettingsRoutes);
  },
  { name: 'settings', dependencies: ['core'] },
);
