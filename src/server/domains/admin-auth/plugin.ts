import fp from 'fastify-plugin';
import { adminAuthRoutes } from './routes.ts';
import { createAdminAuthService } from './service.ts';

/** The owner's sign-in (docs/decisions/0011, 0017); ADMIN_USERNAME and ADMIN_PASSWORD make sure their admin exists. */
export const adminAuthPlugin = fp(
  async (app) => {
    const adminAuth = createAdminAuthService(app.database.db, { loginPer15Min: app.config.rateLimits.loginPer15Min });
    if (app.config.admin) await adminAuth.ensureAdmin(app.config.admin.username, app.config.admin.password);
    app.services.adminAuth = adminAuth;
    await app.register(adminAuthRoutes);
  },
  { name: 'admin-auth', dependencies: ['core', 'labels'] },
);
