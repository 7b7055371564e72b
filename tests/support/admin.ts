import type { FastifyInstance, InjectOptions } from 'fastify';

export const ADMIN = { username: 'owner', password: 'correct-horse-battery' };
export const ORIGIN = 'http://store.test'; // the test app's PUBLIC_URL

/** The Set-Cookie line of the cookie `name` in a response, whole (with its attributes), or undefined. */
export function setCookieLine(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : [String(raw ?? '')];
  return all.map(String).find((c) => c.startsWith(`${name}=`));
}

function cookiePair(res: { headers: Record<string, unknown> }, name: string): string {
  const found = setCookieLine(res, name);
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(';')[0] ?? '';
}

/** The admin session cookie from a response's Set-Cookie. */
export const sessionCookie = (res: { headers: Record<string, unknown> }) => cookiePair(res, 'admin_session');

/** The trusted-device cookie a sign-in sets (ADR 0017). */
export const deviceCookie = (res: { headers: Record<string, unknown> }) => cookiePair(res, 'admin_device');

export function login(app: FastifyInstance, body: Record<string, unknown> = ADMIN, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN, ...headers }, payload: body });
}

/** An admin's requests: signed in, from the store's own origin. */
export async function signedIn(app: FastifyInstance) {
  const res = await login(app);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return { cookie, call };
}

/** A multipart/form-data body with one file. */
export function multipartBody(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----store${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A store with its owner signed in, for tests of what shoppers and the owner do after a purchase:
 * checkout and shipping limits out of the way, anything in `env` besides.
 */
export async function ownerStore(env: Record<string, string> = {}) {
  const { createTestApp } = await import('./app.ts');
  const t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
    ...env,
  });
  return { t, admin: await signedIn(t.app) };
}
