import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/*
 * What a browser holding the dashboard must show (docs/decisions/0011, 0017): the admin's cookies,
 * named for this origin, and an Origin that is the store's own on every change.
 */

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
 * State-changing admin requests must come from the store's own pages (docs/engineering.md §6): their Origin is
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

/** The second step of a sign-in (docs/decisions/0056): a password was right, a code or a passkey is still to come. */
export const adminStepCookieName = (config: Config): string => hostCookie(config, 'admin_sign_in_step');

/** Every cookie of the dashboard: HttpOnly, SameSite=Strict, Secure over https, for the whole origin. */
export const adminCookieOptions = (config: Config) =>
  ({ httpOnly: true, sameSite: 'strict', secure: config.publicUrl.startsWith('https:'), path: '/' }) as const;

/** The cookies of a session just issued: the session's, and the trusted device's (ADR 0017). */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  issued: { token: string; device: string },
  lifetimes: { absoluteMs: number; deviceMs: number },
  hadStepCookie: boolean,
): void {
  const options = adminCookieOptions(config);
  reply.setCookie(adminCookieName(config), issued.token, { ...options, maxAge: lifetimes.absoluteMs / 1000 });
  // The browser is trusted from now on (ADR 0017); signing out keeps it so.
  reply.setCookie(adminDeviceCookieName(config), issued.device, { ...options, maxAge: lifetimes.deviceMs / 1000 });
  if (hadStepCookie) reply.clearCookie(adminStepCookieName(config), options);
}
