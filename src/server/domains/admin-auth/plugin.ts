import fp from 'fastify-plugin';
import { accountRoutes } from './account-routes.ts';
import { createPasskeyService } from './passkeys.ts';
import { adminAuthRoutes } from './routes.ts';
import { createSecondFactorService } from './second-factor.ts';
import { secondStepRoutes } from './second-step-routes.ts';
import { createAdminAuthService } from './service.ts';

/**
 * The admins' sign-in (docs/decisions/0011, 0017, 0056): passwords, second factors, sessions;
 * ADMIN_USERNAME and ADMIN_PASSWORD make sure their admin exists.
 */
export const adminAuthPlugin = fp(
  async (app) => {
    const loginPer15Min = app.config.rateLimits.loginPer15Min;
    const requireSecondFactor = () => app.services.settings.current().requireSecondFactor;
    const adminAuth = createAdminAuthService(app.database.db, { loginPer15Min, requireSecondFactor });
    if (app.config.admin) await adminAuth.ensureAdmin(app.config.admin.username, app.config.admin.password);
    app.services.adminAuth = adminAuth;
    app.services.secondFactor = createSecondFactorService(app.database.db, { auth: adminAuth, requireSecondFactor });
    app.services.passkeys = createPasskeyService(app.database.db, {
      auth: adminAuth,
      publicUrl: app.config.publicUrl,
      loginPer15Min,
      requireSecondFactor,
    });
    await app.register(adminAuthRoutes);
    await app.register(secondStepRoutes);
    await app.registerAdminRoutes(accountRoutes);
  },
  { name: 'admin-auth', dependencies: ['core', 'labels', 'settings'] },
);
