import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceCookie, login, sessionCookie } from '../support/admin.ts';
import { createRestartableStore } from '../support/app.ts';
import { count } from '../support/checkout.ts';

/**
 * A password change ends the admin's sessions and trusted devices, and ADMIN_PASSWORD is applied
 * only when it changed since it was last applied, so `npm run admin -- set-password` is not undone
 * by the next start (ADR 0017).
 */
const A = 'first-password-A';
const B = 'second-password-B';
const C = 'set-by-the-cli-C';

/** One database for the file; each test has an admin of its own. */
let store: Awaited<ReturnType<typeof createRestartableStore>>;
beforeAll(async () => {
  store = await createRestartableStore();
});
afterAll(() => store?.close());
let owner = '';
let n = 0;
beforeEach(() => {
  owner = `owner-${++n}`;
});
const env = (password: string) => ({ ADMIN_USERNAME: owner, ADMIN_PASSWORD: password });

async function signIn(app: FastifyInstance, password: string) {
  const res = await login(app, { username: owner, password });
  return {
    status: res.statusCode,
    cookie: res.statusCode === 200 ? sessionCookie(res) : '',
    device: res.statusCode === 200 ? deviceCookie(res) : '',
  };
}
const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/admin/me', headers: { cookie } });
const devicesOfOwner = (app: FastifyInstance) =>
  count(app, 'admin_devices', `admin_user_id = (select id from admin_users where username = '${owner}')`);
/** As a database is left by a version that did not record the applied ADMIN_PASSWORD. */
const forgetAppliedPassword = (app: FastifyInstance) =>
  app.database.db.execute(`update admin_users set env_password_hash = null where username = '${owner}'` as never);

describe('password changes', () => {
  it('a start with a changed ADMIN_PASSWORD signs the admin out everywhere; the same one again changes nothing', async () => {
    let app = await store.start(env(A));
    const before = await signIn(app, A);
    expect(before.status).toBe(200);
    expect(await devicesOfOwner(app)).toBe(1);

    app = await store.start(env(B));
    expect((await me(app, before.cookie)).statusCode).toBe(401);
    expect(await devicesOfOwner(app)).toBe(0);
    expect((await signIn(app, A)).status).toBe(401);
    const after = await signIn(app, B);
    expect(after.status).toBe(200);

    app = await store.start(env(B));
    expect((await me(app, after.cookie)).statusCode).toBe(200);
    expect(await devicesOfOwner(app)).toBe(1);
    // Only a hash of the applied password is kept.
    expect(await count(app, 'admin_users', `username = '${owner}' and env_password_hash like '$argon2id$%'`)).toBe(1);
    expect(await count(app, 'admin_users', `env_password_hash like '%${B}%'`)).toBe(0);
  });

  it('a password set with set-password survives a start with the ADMIN_PASSWORD applied before', async () => {
    let app = await store.start(env(B));
    const before = await signIn(app, B);
    await app.services.adminAuth.setPassword(owner, C); // what `npm run admin -- set-password owner` calls
    expect((await me(app, before.cookie)).statusCode).toBe(401);
    expect(await devicesOfOwner(app)).toBe(0);
    const withC = await signIn(app, C);
    expect(withC.status).toBe(200);

    app = await store.start(env(B));
    expect((await signIn(app, B)).status).toBe(401);
    expect((await me(app, withC.cookie)).statusCode).toBe(200);
    expect((await signIn(app, C)).status).toBe(200);

    // A new ADMIN_PASSWORD is applied again.
    app = await store.start(env(A));
    expect((await me(app, withC.cookie)).statusCode).toBe(401);
    expect((await signIn(app, C)).status).toBe(401);
    expect((await signIn(app, A)).status).toBe(200);
  });

  it('on a database that recorded no ADMIN_PASSWORD yet, the one in use is recorded without signing anyone out', async () => {
    let app = await store.start(env(A));
    const before = await signIn(app, A);
    await forgetAppliedPassword(app);

    app = await store.start(env(A));
    expect((await me(app, before.cookie)).statusCode).toBe(200);
    expect(await devicesOfOwner(app)).toBe(1);
    expect(await count(app, 'admin_users', `username = '${owner}' and env_password_hash is not null`)).toBe(1);

    // Not recorded, and not the password in use: applied, and the admin signed out.
    await forgetAppliedPassword(app);
    app = await store.start(env(B));
    expect((await me(app, before.cookie)).statusCode).toBe(401);
    expect((await signIn(app, B)).status).toBe(200);
  });

  it('set-password also ends the trust of devices that signed in before', async () => {
    const app = await store.start({ ...env(A), RATE_LIMIT_LOGIN_PER_15_MIN: '2' });
    const { device } = await signIn(app, A);
    await app.services.adminAuth.setPassword(owner, C);
    // The address that signs in is throttled: only a trusted device could get in from it.
    const from = { 'x-forwarded-for': '203.0.113.9' };
    for (const guess of ['guess-1', 'guess-2']) await login(app, { username: owner, password: guess }, from);
    const res = await login(app, { username: owner, password: C }, { ...from, cookie: device });
    expect(res.statusCode).toBe(429);
  });
});
