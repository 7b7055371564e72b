import type { FastifyInstance, InjectOptions } from 'fastify';

export const ADMIN = { username: 'owner', password: 'correct-horse-battery' };
export const ORIGIN = 'http://store.test'; // the test app's PUBLIC_URL

/** The admin session cookie from a response's Set-Cookie. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : [String(raw ?? '')];
  const found = all.find((c) => String(c).startsWith('admin_session='));
  if (!found) throw new Error('no admin_session cookie');
  return String(found).split(';')[0] ?? '';
}

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
