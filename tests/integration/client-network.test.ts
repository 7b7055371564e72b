import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Every per-address limit counts a client's network (src/server/lib/network.ts): an IPv4 address,
 * or an IPv6 /64, which one subscriber holds whole. A script that takes a new IPv6 address of its
 * /64 for each request meets the same limit as one address.
 */
const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  const limit = String(LIMIT);
  t = await createTestApp({
    RATE_LIMIT_LOGIN_PER_15_MIN: limit,
    RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR: limit,
    RATE_LIMIT_ORDER_LOOKUPS_PER_EMAIL_PER_HOUR: '1000',
    RATE_LIMIT_REVIEW_CODES_PER_IP_PER_HOUR: limit,
    RATE_LIMIT_REVIEW_CODES_PER_EMAIL_PER_HOUR: '1000',
    RATE_LIMIT_RETURN_REQUESTS_PER_HOUR: limit,
    RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: limit,
    RATE_LIMIT_CART_PER_MINUTE: limit,
    RATE_LIMIT_CHECKOUT_PER_MINUTE: limit,
    RATE_LIMIT_SHIPPING_PER_MINUTE: limit,
    RATE_LIMIT_HOLD_PER_MINUTE: limit,
  });
});
afterAll(() => t?.close());

/** A /64 of its own for each test: 2001:db8:<n>:1::/64. */
let prefix = 0;
function network() {
  const p = (++prefix).toString(16);
  let host = 0;
  return () => {
    host += 1;
    return `2001:db8:${p}:1:${host.toString(16)}:${(host * 7).toString(16)}:0:${host.toString(16)}`;
  };
}

const PI = 'pi_00000000000000000000000000';
let n = 0;
const unique = () => ++n;

/** Each per-address limit, and one request of it that the limit counts (any answer but 429 below it). */
const LIMITS: [string, (remoteAddress: string) => Promise<{ statusCode: number }>][] = [
  [
    'sign-in',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress,
        headers: { origin: ORIGIN },
        payload: { username: `nobody-${unique()}`, password: 'wrong-password' },
      }),
  ],
  [
    'order lookups',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order-status/lookup',
        remoteAddress,
        payload: { orderNumber: '1042', email: `dana-${unique()}@example.com` },
      }),
  ],
  [
    'review codes',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reviews/verify-purchase',
        remoteAddress,
        payload: { email: `dana-${unique()}@example.com`, productId: 5 },
      }),
  ],
  [
    'return requests',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order-status/not-a-token/returns',
        remoteAddress,
        payload: { items: [{ productId: 5, quantity: 1 }], reason: 'changed_mind' },
      }),
  ],
  [
    'discount codes',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: `/api/checkout/${PI}/discount`,
        remoteAddress,
        headers: { 'x-session-id': 'session-1-abc' },
        payload: { code: 'GUESS1' },
      }),
  ],
  [
    'cart',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart',
        remoteAddress,
        payload: { sessionId: `session-${unique()}-abc`, productId: 5, quantity: 1 },
      }),
  ],
  [
    'checkout',
    (remoteAddress) =>
      t.app.inject({ method: 'POST', url: '/api/checkout', remoteAddress, payload: { sessionId: `session-${unique()}-abc` } }),
  ],
  [
    'shipping',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/shipping',
        remoteAddress,
        payload: {
          paymentIntentId: PI,
          ageConfirmed: true,
          email: 'dana@example.com',
          firstName: 'Dana',
          lastName: 'Reyes',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          country: 'US',
        },
      }),
  ],
  [
    'holds',
    (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: `/api/checkout/${PI}/hold`,
        remoteAddress,
        headers: { 'x-session-id': 'session-1-abc' },
      }),
  ],
];

describe('per-address limits', () => {
  it.each(LIMITS)(
    '%s: a new IPv6 address of the same /64 for each request meets the limit of one address',
    async (_name, call) => {
      const next = network();
      const seen: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) seen.push((await call(next())).statusCode);
      expect(seen.slice(0, LIMIT)).not.toContain(429);
      expect(seen.slice(LIMIT)).toEqual([429, 429]);
      // Another /64 is another network.
      expect((await call(network()())).statusCode).not.toBe(429);
    },
  );

  it('counts an IPv4 address written as an IPv4-mapped IPv6 address as that IPv4 address', async () => {
    const [, lookup] = LIMITS[1] ?? [];
    if (!lookup) throw new Error('no lookup');
    const seen: number[] = [];
    for (let i = 0; i < LIMIT; i++) seen.push((await lookup('192.0.2.77')).statusCode);
    seen.push((await lookup('::ffff:192.0.2.77')).statusCode);
    expect(seen).toEqual([...Array(LIMIT).fill(404), 429]);
  });
});
