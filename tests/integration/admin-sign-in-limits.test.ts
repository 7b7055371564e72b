import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookie, ORIGIN, sessionCookie, setCookieLine } from '../support/admin.ts';
import { createRestartableStore, createTestApp, type TestApp } from '../support/app.ts';
import { count } from '../support/checkout.ts';

/**
 * Sign-in limits (ADR 0017): guesses stay slow per address and per username, and a stranger's
 * guesses never keep the owner out. RATE_LIMIT_LOGIN_PER_15_MIN is left at its default of 10.
 */
const LIMIT = 10;
const IP_THROTTLED = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;
const ACCOUNT_GUARDED =
  /^Too many failed sign-ins for this account\. Sign in from a device you have used before, or try again in \d+ minutes?\.$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_15_MIN: String(LIMIT) });
});
afterAll(() => t?.close());

/** Each test has its own admin and its own addresses, so no test's counters leak into another's. */
let n = 0;
async function newOwner(app: FastifyInstance = t.app) {
  const owner = { username: `owner-${++n}`, password: `right-password-${n}` };
  await app.services.adminAuth.setPassword(owner.username, owner.password);
  return owner;
}
let ip = 0;
const nextIp = () => `198.51.${100 + Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

function attempt(app: FastifyInstance, username: string, password: string, address: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: address,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { username, password },
  });
}

/** A browser of the owner's that has signed in once: its trusted-device cookie. */
async function trustedBrowser(owner: { username: string; password: string }) {
  const res = await attempt(t.app, owner.username, owner.password, nextIp());
  expect(res.statusCode).toBe(200);
  return deviceCookie(res);
}

/** Strangers' wrong passwords: `address` is throttled and the account guarded. */
async function underAttack(username: string) {
  const address = nextIp();
  for (let i = 0; i < LIMIT; i++) await attempt(t.app, username, `guess-${i}`, address);
  for (let i = 0; i < LIMIT; i++) await attempt(t.app, username, `guess-${i}`, nextIp());
  return address;
}

const hashOf = (cookie: string) =>
  createHash('sha256')
    .update(cookie.split('=')[1] ?? '')
    .digest('hex');

async function codes(promises: Promise<{ statusCode: number }>[]) {
  return (await Promise.all(promises)).map((r) => r.statusCode);
}
const tally = (list: number[]) => ({
  401: list.filter((c) => c === 401).length,
  429: list.filter((c) => c === 429).length,
  other: list.filter((c) => c !== 401 && c !== 429),
});

describe('sign-in limits', () => {
  it("a stranger's wrong passwords from one address do not keep the owner out: the right one from another address signs in", async () => {
    const owner = await newOwner();
    const stranger = nextIp();
    const seen: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) seen.push((await attempt(t.app, owner.username, `guess-${i}`, stranger)).statusCode);
    expect(seen).toEqual([...Array(LIMIT).fill(401), 429]);

    const res = await attempt(t.app, owner.username, owner.password, nextIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, username: owner.username });
  });

  it('the address that guessed is refused even with the right password, and is told when to try again', async () => {
    const owner = await newOwner();
    const stranger = nextIp();
    for (let i = 0; i < LIMIT; i++) await attempt(t.app, owner.username, `guess-${i}`, stranger);
    const res = await attempt(t.app, owner.username, owner.password, stranger);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(IP_THROTTLED);
    expect(res.json().message).toContain('15 minutes');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('with the account guarded, every new address gets one attempt and then 429, and the owner still gets in', async () => {
    const owner = await newOwner();
    // Wrong passwords from as many addresses as the limit and one more: each is an address's first attempt.
    for (let i = 0; i < LIMIT + 1; i++) {
      expect((await attempt(t.app, owner.username, `guess-${i}`, nextIp())).statusCode).toBe(401);
    }
    const twelfth = nextIp();
    expect((await attempt(t.app, owner.username, 'guess-again', twelfth)).statusCode).toBe(401);
    for (const password of ['guess-more', owner.password]) {
      const res = await attempt(t.app, owner.username, password, twelfth);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(ACCOUNT_GUARDED);
    }

    // The owner, from an address of their own, signs in; that does not open the account to guessing again.
    expect((await attempt(t.app, owner.username, owner.password, nextIp())).statusCode).toBe(200);
    const next = nextIp();
    expect((await attempt(t.app, owner.username, 'guess-once', next)).statusCode).toBe(401);
    expect((await attempt(t.app, owner.username, 'guess-twice', next)).statusCode).toBe(429);
  });

  it('an unknown username is limited the same way, and answers like a wrong password', async () => {
    const address = nextIp();
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await attempt(t.app, 'nobody-here', `guess-${i}`, i === 0 ? address : nextIp());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid username or password');
    }
    const res = await attempt(t.app, 'nobody-here', 'guess-again', address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(ACCOUNT_GUARDED);
  });

  it('30 wrong passwords sent at once from one address: at most the limit are checked, the rest get 429', async () => {
    const owner = await newOwner();
    const address = nextIp();
    const result = tally(
      await codes(Array.from({ length: 30 }, (_, i) => attempt(t.app, owner.username, `guess-${i}`, address))),
    );
    expect(result).toEqual({ 401: LIMIT, 429: 30 - LIMIT, other: [] });
    expect((await attempt(t.app, owner.username, owner.password, address)).statusCode).toBe(429);
  });

  it('wrong passwords for one account sent at once from a few addresses: at most the limit, plus one first try per address', async () => {
    const owner = await newOwner();
    const addresses = [nextIp(), nextIp(), nextIp()];
    const list = await codes(
      addresses.flatMap((address) => Array.from({ length: 8 }, (_, i) => attempt(t.app, owner.username, `guess-${i}`, address))),
    );
    const result = tally(list);
    expect(result.other).toEqual([]);
    expect(result[401]).toBeGreaterThanOrEqual(LIMIT);
    expect(result[401]).toBeLessThanOrEqual(LIMIT + addresses.length);
  });
});

describe('trusted devices', () => {
  it('a sign-in sets a long-lived device cookie, kept on the server only as a hash; the next sign-in replaces it', async () => {
    const owner = await newOwner();
    const res = await attempt(t.app, owner.username, owner.password, nextIp());
    const line = setCookieLine(res, 'admin_device') ?? '';
    expect(line).toMatch(/^admin_device=[A-Za-z0-9_-]{43};/);
    for (const part of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=7776000']) expect(line).toContain(part);
    const device = deviceCookie(res);
    expect(await count(t.app, 'admin_devices', `token_hash = '${hashOf(device)}'`)).toBe(1);
    expect(await count(t.app, 'admin_devices', `token_hash = '${device.split('=')[1]}'`)).toBe(0);

    const again = await attempt(t.app, owner.username, owner.password, nextIp(), device);
    expect(deviceCookie(again)).not.toBe(device);
    expect(await count(t.app, 'admin_devices', `token_hash = '${hashOf(device)}'`)).toBe(0);
    expect(await count(t.app, 'admin_devices', `token_hash = '${hashOf(deviceCookie(again))}'`)).toBe(1);
  });

  it('a browser that signed in before gets in while the account is guarded, even from a throttled address', async () => {
    const owner = await newOwner();
    const device = await trustedBrowser(owner);
    const throttled = await underAttack(owner.username);
    expect((await attempt(t.app, owner.username, owner.password, throttled)).statusCode).toBe(429);

    const res = await attempt(t.app, owner.username, owner.password, throttled, device);
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json()).toMatchObject({ username: owner.username, labelProvider: 'builtin', mustEnrol: false, role: 'owner' });
    // A wrong password from the trusted browser is still just wrong.
    expect((await attempt(t.app, owner.username, 'typo', throttled, deviceCookie(res))).statusCode).toBe(401);
  });

  it('a device cookie helps only the admin it was issued to, and only until it expires', async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const device = await trustedBrowser(other);
    const throttled = await underAttack(owner.username);
    expect((await attempt(t.app, owner.username, owner.password, throttled, device)).statusCode).toBe(429);

    const own = await trustedBrowser(owner);
    await t.app.database.db.execute(
      `update admin_devices set expires_at = now() - interval '1 second' where token_hash = '${hashOf(own)}'` as never,
    );
    expect((await attempt(t.app, owner.username, owner.password, throttled, own)).statusCode).toBe(429);
  });

  it('a device cookie allows 5 wrong passwords, then it is trusted no more', async () => {
    const owner = await newOwner();
    const device = await trustedBrowser(owner);
    const throttled = await underAttack(owner.username);
    for (let i = 0; i < 5; i++) {
      expect((await attempt(t.app, owner.username, `typo-${i}`, throttled, device)).statusCode).toBe(401);
    }
    const res = await attempt(t.app, owner.username, owner.password, throttled, device);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(IP_THROTTLED);
    expect(await count(t.app, 'admin_devices', `token_hash = '${hashOf(device)}'`)).toBe(0);
  });

  it('30 wrong passwords sent at once with a device cookie: 5 are checked, the rest get 429', async () => {
    const owner = await newOwner();
    const device = await trustedBrowser(owner);
    const throttled = await underAttack(owner.username);
    const result = tally(
      await codes(Array.from({ length: 30 }, (_, i) => attempt(t.app, owner.username, `guess-${i}`, throttled, device))),
    );
    expect(result).toEqual({ 401: 5, 429: 25, other: [] });
  });

  it('on https the device cookie is __Host- prefixed and Secure, like the session', async () => {
    const https = await createTestApp({
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'correct-horse-battery',
      PUBLIC_URL: 'https://store.test',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://store.test' },
        payload: { username: 'owner', password: 'correct-horse-battery' },
      });
      expect(res.statusCode).toBe(200);
      for (const name of ['__Host-admin_session', '__Host-admin_device']) {
        const line = setCookieLine(res, name) ?? '';
        expect(line, name).toMatch(/^__Host-admin_\w+=[A-Za-z0-9_-]{43};/);
        for (const part of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']) expect(line).toContain(part);
        expect(line).not.toContain('Domain');
      }
    } finally {
      await https.close();
    }
  });
});

describe('sign-in limits across a restart', () => {
  let store: Awaited<ReturnType<typeof createRestartableStore>> | undefined;
  afterAll(() => store?.close());

  it('are kept in the database: a throttled address and a guarded account stay so after a restart', async () => {
    store = await createRestartableStore();
    const env = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'correct-horse-battery', RATE_LIMIT_LOGIN_PER_15_MIN: String(LIMIT) };
    let app = await store.start(env);
    const throttled = nextIp();
    for (let i = 0; i < LIMIT; i++) await attempt(app, 'owner', `guess-${i}`, throttled);
    for (let i = 0; i < LIMIT; i++) await attempt(app, 'owner', `guess-${i}`, nextIp());
    const twice = nextIp();
    expect((await attempt(app, 'owner', 'guess-first', twice)).statusCode).toBe(401);

    app = await store.start(env);
    const fromThrottled = await attempt(app, 'owner', env.ADMIN_PASSWORD, throttled);
    expect(fromThrottled.statusCode).toBe(429);
    expect(fromThrottled.json().message).toMatch(IP_THROTTLED);
    const again = await attempt(app, 'owner', 'guess-second', twice);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(ACCOUNT_GUARDED);
    // ...and the owner still signs in from a clean address.
    expect((await attempt(app, 'owner', env.ADMIN_PASSWORD, nextIp())).statusCode).toBe(200);
  });
});
