import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { adminCookieName, checkOrigin } from '../domains/admin-auth/browser.ts';
import type { AdminSession } from '../domains/admin-auth/service.ts';
import { type AdminAccess, ROLES, refusalFor, roleCan } from '#shared/staff.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by requireAdmin. */
    admin: AdminSession | null;
  }
  interface FastifyInstance {
    /** The onRequest hook that lets only a signed-in admin through (for a route outside the guarded scope). */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Registers a domain's owner routes behind requireAdmin, marked so for the API description. */
    registerAdminRoutes(routes: FastifyPluginAsyncZod): Promise<void>;
  }
  interface FastifyContextConfig {
    /** Set on every route of a scope guarded by guardAdminScope. */
    adminOnly?: boolean;
    /**
     * The route stays open to an admin who must first enrol a second factor (the store requires one
     * and they have none; docs/decisions/0056): the enrolment routes and /api/admin/me.
     */
    enrolment?: boolean;
    /**
     * What an admin route needs (#shared/staff.ts, docs/decisions/0057): a role without it is
     * refused with 403; a route that names none refuses everyone.
     */
    permission?: AdminAccess;
  }
}

/** Every hook requireAdmin made, so a route's own hooks can be recognised as the guard. */
const guards = new WeakSet<object>();

/** onRequest hook for every admin route: a valid session, the Origin check, and the route's permission for the admin's role. */
export function requireAdmin(config: Config) {
  const cookie = adminCookieName(config);
  const guard = async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const session = await req.server.services.adminAuth.authenticate(req.cookies[cookie]);
    if (!session) throw new AppError('unauthorized', 'Authentication required: please sign in');
    checkOrigin(config, req);
    if (session.mustEnrol && !req.routeOptions.config.enrolment) {
      throw new AppError(
        'forbidden',
        'The store requires a second factor: add a passkey or an authenticator app under Your account before using the dashboard.',
      );
    }
    req.admin = session;
    checkPermission(session, req.routeOptions.config.permission);
  };
  guards.add(guard);
  return guard;
}

/** 403 unless the admin's role has the permission; a route without one answers no one (fail closed). */
function checkPermission(session: AdminSession, need: AdminAccess | undefined): void {
  if (need === undefined) throw new AppError('forbidden', 'This action declares no permission, so no one may use it');
  if (need !== 'signed-in' && !roleCan(session.role, need)) throw new AppError('forbidden', refusalFor(session.role, need));
}

/**
 * Puts every route of `scope` behind requireAdmin, and marks them so in their config: a scope's
 * hooks are invisible from a route's options, and the API description (plugins/openapi.ts) must
 * know which routes need the session.
 */
export function guardAdminScope(scope: FastifyInstance, config: Config): void {
  scope.addHook('onRoute', (route) => {
    // A copy: routes may share one config object (the cart's rate limit).
    route.config = { ...route.config, adminOnly: true };
  });
  scope.addHook('onRequest', requireAdmin(config));
}

/** Whether a route answers only to a signed-in admin: in a guarded scope, or guarded by its own hook. */
export function needsAdminSession(route: Pick<RouteOptions, 'config' | 'onRequest'>): boolean {
  if (route.config?.adminOnly) return true;
  const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
  return own.some((hook) => guards.has(hook));
}

/** Which roles a route's permission lets through (docs/decisions/0057), in words for the API description. */
export function permissionWords(permission: AdminAccess | undefined): string | undefined {
  if (permission === undefined || permission === 'signed-in') return undefined;
  const roles = ROLES.filter((role) => roleCan(role, permission));
  return `Needs the permission \`${permission}\` (roles: ${roles.join(', ')}).`;
}
