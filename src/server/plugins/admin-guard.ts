import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { AdminSession } from '../domains/admin-auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by requireAdmin. */
    admin: AdminSession | null;
  }
  interface FastifyContextConfig {
    /** Set on every route of a scope guarded by guardAdminScope. */
    adminOnly?: boolean;
  }
}

/** `__Host-` binds a cookie to this origin over https (no Domain, Path=/, Secure). */
const hostCookie = (config: Config, name: string) => (config.publicUrl.startsWith('https:') ? `__Host-${name}` : name);

export const adminCookieName = (config: Config): string => hostCookie(config, 'admin_session');

/** The trusted-device cookie: this browser signed in as an admin before (ADR 0017). */
export const adminDeviceCookieName = (config: Config): string => hostCookie(config, 'admin_device');

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the store's own pages have: PUBLIC_URL's, and nothing taken from the request (its
 * Host and X-Forwarded-Host are the client's to choose). A store on a loopback name (a developer's
 * `http://localhost:3000`) is also reached as 127.0.0.1 or [::1] on the same scheme and port; no
 * remote site can have a loopback origin, so accepting those lets nothing in from outside.
 */
export function ownOrigins(config: Config): ReadonlySet<string> {
  const url = new URL(config.publicUrl);
  if (!LOOPBACK.includes(url.hostname)) return new Set([url.origin]);
  const port = url.port ? `:${url.port}` : '';
  return new Set(LOOPBACK.map((name) => `${url.protocol}//${name}${port}`));
}

/**
 * State-changing admin requests must come from the store's own pages (DESIGN §6): their Origin is
 * one of ownOrigins. SameSite=Strict already keeps the cookie off cross-site requests; this refuses
 * them even where a browser would not.
 */
export function checkOrigin(config: Config, req: FastifyRequest): void {
  if (SAFE.has(req.method)) return;
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !ownOrigins(config).has(origin)) {
    throw new AppError('forbidden', 'Cross-site request refused');
  }
}

/** Every hook requireAdmin made, so a route's own hooks can be recognised as the guard. */
const guards = new WeakSet<object>();

/** onRequest hook for every admin route: a valid session, and the Origin check. */
export function requireAdmin(config: Config) {
  const cookie = adminCookieName(config);
  const guard = async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const session = await req.server.services.adminAuth.authenticate(req.cookies[cookie]);
    if (!session) throw new AppError('unauthorized', 'Authentication required: please sign in');
    checkOrigin(config, req);
    req.admin = session;
  };
  guards.add(guard);
  return guard;
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
