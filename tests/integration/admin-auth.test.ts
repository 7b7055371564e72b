import { PERMISSIONS } from '#shared/staff.ts';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, ORIGIN, sessionCookie, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count } from '../support/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_15_MIN: '5',
  });
});
afterAll(() => t?.close());

/** Each test signs in from its own address, so the per-IP limit of one test does not leak into another. */
let ip = 10;
const nextIp = () => `10.0.0.${ip++}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

const ADMIN_ENDPOINTS: [string, string][] = [
  ['GET', '/api/admin/me'],
  ['GET', '/api/orders'],
  ['GET', '/api/orders/summary'],
  ['PUT', '/api/orders/1001/status'],
  ['POST', '/api/test-print'],
  ['GET', '/api/admin/products'],
  ['POST', '/api/admin/products'],
  ['PUT', '/api/admin/products/5'],
  ['DELETE', '/api/admin/products/5'],
  ['PUT', '/api/admin/products/5/inventory'],
  ['PUT', '/api/admin/products/5/set-inventory'],
  ['PUT', '/api/admin/products/5/order'],
  ['POST', '/api/admin/upload-image'],
];

describe('admin sign-in', () => {
  it('signs in with the configured credentials into a server-side session kept only as a hash', async () => {
    const res = await login(t.app, ADMIN, from(nextIp()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, username: 'owner' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    const token = sessionCookie(res).split('=')[1] ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    expect(await count(t.app, 'admin_sessions', `token_hash = '${hash}'`)).toBe(1);
    expect(await count(t.app, 'admin_sessions', `token_hash = '${token}'`)).toBe(0);
    // The password is stored as an argon2id hash.
    expect(await count(t.app, 'admin_users', `username = 'owner' and password_hash like '$argon2id$%'`)).toBe(1);

    const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json()).toEqual({
      username: 'owner',
      labelProvider: 'builtin',
      mustEnrol: false,
      role: 'owner',
      permissions: [...PERMISSIONS],
    });
  });

  it('answers a wrong password and an unknown user alike, and sets no cookie', async () => {
    const address = nextIp();
    const wrong = await login(t.app, { username: 'owner', password: 'not-the-password' }, from(address));
    const unknown = await login(t.app, { username: 'nobody', password: 'not-the-password' }, from(address));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid username or password');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses missing fields with 400 and a sign-in from another site with 403', async () => {
    expect((await login(t.app, { username: 'owner' }, from(nextIp()))).statusCode).toBe(400);
    expect((await login(t.app, { username: '', password: '' }, from(nextIp()))).statusCode).toBe(400);
    const evil = await login(t.app, ADMIN, { ...from(nextIp()), origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe('Cross-site request refused');
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
    expect(none.statusCode).toBe(403);
  });

  it('throttles guessing per IP, even for the right password, and per username past the limit', async () => {
    const address = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, { username: 'guessed', password: `guess-${i}` }, from(address))).statusCode).toBe(401);
    }
    const blocked = await login(t.app, ADMIN, from(address));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);

    // The same username from many addresses: past the limit, an address gets its first attempt only
    // (more in admin-sign-in-limits.test.ts).
    for (let i = 0; i < 5; i++) {
      await login(t.app, { username: 'target', password: `guess-${i}` }, from(nextIp()));
    }
    const another = nextIp();
    expect((await login(t.app, { username: 'target', password: 'x' }, from(another))).statusCode).toBe(401);
    expect((await login(t.app, { username: 'target', password: 'y' }, from(another))).statusCode).toBe(429);
  });

  it('a client far away cannot dodge the per-IP limit with its own X-Forwarded-For', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: '203.0.113.77', // not a trusted proxy (TRUST_PROXY defaults to loopback)
        headers: { origin: ORIGIN, 'x-forwarded-for': `198.51.100.${i}` },
        payload: { username: `spray-${i}`, password: 'guess' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('admin sessions', () => {
  it('every admin endpoint answers 401 without a session, and with a made-up one', async () => {
    for (const [method, url] of ADMIN_ENDPOINTS) {
      for (const headers of [{ origin: ORIGIN }, { origin: ORIGIN, cookie: `admin_session=${'A'.repeat(43)}` }]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers, payload: method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().message).toBe('Authentication required: please sign in');
      }
    }
  });

  it('state-changing admin requests from another origin are refused with 403, reading is allowed', async () => {
    const { cookie } = await signedIn(t.app);
    for (const [method, url] of ADMIN_ENDPOINTS.filter(([m]) => m !== 'GET')) {
      for (const origin of ['https://evil.example', undefined]) {
        const headers = origin ? { cookie, origin } : { cookie };
        const res = await t.app.inject({ method: method as 'PUT', url, headers, payload: {} });
        expect(res.statusCode, `${method} ${url} from ${origin}`).toBe(403);
      }
    }
    expect((await t.app.inject({ url: '/api/orders', headers: { cookie } })).statusCode).toBe(200);
  });

  it('an Origin that matches a forged Host or X-Forwarded-Host is still refused, changing nothing', async () => {
    const { cookie } = await signedIn(t.app);
    const forged = { origin: 'http://evil.test', host: 'evil.test', 'x-forwarded-host': 'evil.test' };
    const before = await count(t.app, 'stock_movements');
    const stock = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/products/5/set-inventory',
      headers: { ...forged, cookie },
      payload: { inventory: 7 },
    });
    expect(stock.statusCode).toBe(403);
    expect(stock.json().message).toBe('Cross-site request refused');
    expect(await count(t.app, 'stock_movements')).toBe(before);
    expect(await count(t.app, 'products', 'id = 5 and inventory = 7')).toBe(0);

    const sessions = await count(t.app, 'admin_sessions');
    const signIn = await login(t.app, ADMIN, { ...from(nextIp()), ...forged });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(await count(t.app, 'admin_sessions')).toBe(sessions);
    // Each alone too: the Host header a browser sends to a rebound address, or a forwarded one.
    const alone: Record<string, string>[] = [
      { origin: 'http://evil.test', host: 'evil.test' },
      { origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' },
    ];
    for (const headers of alone) {
      expect((await login(t.app, ADMIN, { ...from(nextIp()), ...headers })).statusCode).toBe(403);
    }
  });

  it('a new sign-in replaces the session the browser held; logout ends it', async () => {
    const first = await signedIn(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN, cookie: first.cookie },
      payload: ADMIN,
    });
    const second = sessionCookie(again);
    expect(second).not.toBe(first.cookie);
    expect((await first.call('GET', '/api/admin/me')).statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/api/admin/me', headers: { cookie: second } });
    expect(ok.statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { origin: ORIGIN, cookie: second } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/admin_session=;/);
    expect((await t.app.inject({ url: '/api/admin/me', headers: { cookie: second } })).statusCode).toBe(401);
  });

  it('a session ends after 30 idle minutes and after 12 hours in any case', async () => {
    const idle = await signedIn(t.app);
    const hashOf = (cookie: string) =>
      createHash('sha256')
        .update(cookie.split('=')[1] ?? '')
        .digest('hex');
    await t.app.database.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = ${hashOf(idle.cookie)}`,
    );
    expect((await idle.call('GET', '/api/admin/me')).statusCode).toBe(401);

    const old = await signedIn(t.app);
    await t.app.database.db.execute(
      sql`update admin_sessions set expires_at = now() - interval '1 second' where token_hash = ${hashOf(old.cookie)}`,
    );
    expect((await old.call('GET', '/api/admin/me')).statusCode).toBe(401);

    // In use, the idle clock restarts.
    const used = await signedIn(t.app);
    await t.app.database.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '29 minutes' where token_hash = ${hashOf(used.cookie)}`,
    );
    expect((await used.call('GET', '/api/admin/me')).statusCode).toBe(200);
    expect(
      await count(
        t.app,
        'admin_sessions',
        `token_hash = '${hashOf(used.cookie)}' and last_seen_at > now() - interval '1 minute'`,
      ),
    ).toBe(1);
  });

  it('setting a new password signs the admin out everywhere', async () => {
    const s = await signedIn(t.app);
    await t.app.services.adminAuth.setPassword('owner', ADMIN.password);
    expect((await s.call('GET', '/api/admin/me')).statusCode).toBe(401);
    await expect(t.app.services.adminAuth.setPassword('owner', 'short')).rejects.toThrow('at least 10 characters');
    // Nor one the sign-in form would refuse: the owner could never type it there.
    await expect(t.app.services.adminAuth.setPassword('owner', 'long-enough\u0000')).rejects.toThrow('control characters');
    await expect(t.app.services.adminAuth.setPassword('owner', 'x'.repeat(201))).rejects.toThrow('too long');
  });
});
