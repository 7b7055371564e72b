import fp from 'fastify-plugin';
import { adminStaffRoutes, setPasswordRoutes } from './routes.ts';
import { createStaffService } from './service.ts';

/** Staff with roles (docs/decisions/0057): the owner's Staff tab and the public set-password link. */
export const staffPlugin = fp(
  async (app) => {
    app.services.staff = createStaffService(app.database.db, app.services.audit, {
      tokenSecret: app.tokenSecret,
      publicUrl: app.config.publicUrl,
    });
    await app.registerAdminRoutes(adminStaffRoutes);
    await app.register(setPasswordRoutes);
  },
  { name: 'staff', dependencies: ['core', 'audit', 'admin-auth'] },
);
