import type { FastifyInstance, InjectOptions } from 'fastify';
import { login, ORIGIN, sessionCookie, type signedIn } from './admin.ts';

export const STAFF_PASSWORD = 'packing-tape-dispenser';

type Admin = Awaited<ReturnType<typeof signedIn>>;

/** The `token` query parameter of a set-password link. */
export const tokenOf = (setPasswordUrl: string) => new URL(setPasswordUrl).searchParams.get('token') ?? '';

/** A network of its own for each call unless told (the route counts attempts per network). */
const anyNetwork = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;

export const setPassword = (app: FastifyInstance, body: unknown, remoteAddress = anyNetwork()) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/set-password',
    headers: { origin: ORIGIN },
    payload: body as InjectOptions['payload'],
    remoteAddress,
  });

/** Requests as one signed-in admin (its session cookie). */
export function as(app: FastifyInstance, cookie: string) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

/** The owner invites `username` as `role`; the member sets its password from the link and signs in. */
export async function staffMember(app: FastifyInstance, owner: Admin, username: string, role: string) {
  const invited = await owner.call('POST', '/api/admin/staff', { username, role });
  if (invited.statusCode !== 200) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
  const { id, setPasswordUrl } = invited.json() as { id: number; setPasswordUrl: string };
  const set = await setPassword(app, { token: tokenOf(setPasswordUrl), password: STAFF_PASSWORD });
  if (set.statusCode !== 200) throw new Error(`set-password: ${set.statusCode} ${set.body}`);
  const res = await login(app, { username, password: STAFF_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  return { id, cookie, call: as(app, cookie) };
}
