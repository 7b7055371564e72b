import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/admin.ts';
import { createRestartableStore, createTestApp, type TestApp } from '../support/app.ts';

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

function attempt(app: FastifyInstance, username: string, password: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: address,
    headers: { origin: ORIGIN },
    payload: { username, password },
  });
}

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
