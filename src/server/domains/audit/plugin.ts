import fp from 'fastify-plugin';
import { registerAuditHooks } from './hooks.ts';
import { auditRoutes } from './routes.ts';
import { createAuditService } from './service.ts';

/** The activity log (docs/decisions/0057): its hooks before every domain's routes, its page behind staff.manage's owner. */
export const auditPlugin = fp(
  async (app) => {
    const audit = createAuditService(app.database.db);
    app.services.audit = audit;
    registerAuditHooks(app, audit);
    await app.registerAdminRoutes(auditRoutes);
  },
  { name: 'audit', dependencies: ['core'] },
);
