import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ORIGIN, signedIn } from '../support/admin.ts';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';

/**
 * A corpus of malformed requests across every endpoint, as a careless client or an attacker sends
 * them (issue "Proof at scale"): never a 5xx, always a JSON {message}, and nothing written.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CART_PER_MINUTE: '100000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_15_MIN: '100000',
    RATE_LIMIT_REVIEWS_PER_HOUR: '100000',
    RATE_LIMIT_ANALYTICS_PER_MINUTE: '100000',
  });
  cookie = (await signedIn(t.app)).cookie;
});
afterAll(() => t?.close());

const TABLES = [
  'products',
  'cart_items',
  'orders',
  'order_items',
  'payments',
  'payment_events',
  'reviews',
  'stock_movements',
  'analytics_events',
  'mail_outbox',
  'review_verifications',
];

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = (await t.app.database.db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`),
    )) as unknown as { rows: { n: number; h: string }[] };
    parts.push(`${table}:${rows[0]?.n}:${rows[0]?.h}`);
  }
  return parts.join(' ');
}

/** Bodies that are wrong in every way a JSON endpoint can be. */
const BODIES: { name: string; payload: string; type?: string }[] = [
  { name: 'malformed JSON', payload: '{"productId": 5,' },
  { name: 'JSON null', payload: 'null' },
  { name: 'an array', payload: '[1,2,3]' },
  { name: 'a string', payload: '"hello"' },
  {
    name: 'wrong types',
    payload: JSON.stringify({ sessionId: 5, productId: 'five', quantity: '1e9', email: [], status: {}, price: -1, name: null }),
  },
  { name: 'prototype pollution', payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  {
    name: 'huge numbers',
    payload: JSON.stringify({
      productId: 1e308,
      quantity: 2 ** 53,
      change: -1e20,
      inventory: 1e12,
      displayOrder: -0.5,
      rating: 1e9,
    }),
  },
  {
    name: 'injection strings',
    payload: JSON.stringify({
      sessionId: "' OR 1=1 --",
      email: '<script>alert(1)</script>@x.com',
      paymentIntentId: '../../etc/passwd',
      username: "admin'--",
      password: 'x',
    }),
  },
  { name: 'form encoded', payload: 'productId=5&quantity=1', type: 'application/x-www-form-urlencoded' },
  { name: 'too large', payload: JSON.stringify({ pad: 'x'.repeat(200_000) }) },
];

const ID_VARIANTS = ['0', '-1', 'abc', '1.5', '99999999999', '%00', "1'--"];

const ENDPOINTS: { method: InjectOptions['method']; url: string; admin?: boolean; body: boolean }[] = [
  { method: 'POST', url: '/api/cart', body: true },
  { method: 'PUT', url: '/api/cart/ci_0000000000000000000000', body: true },
  { method: 'POST', url: '/api/checkout', body: true },
  { method: 'POST', url: '/api/orders/shipping', body: true },
  { method: 'POST', url: '/api/orders/complete', body: true },
  { method: 'POST', url: '/api/payments/test/confirm', body: true },
  { method: 'POST', url: '/api/reviews', body: true },
  { method: 'POST', url: '/api/reviews/verify-purchase', body: true },
  { method: 'POST', url: '/api/reviews/verify-code', body: true },
  { method: 'POST', url: '/api/analytics/collect', body: true },
  { method: 'POST', url: '/api/admin/login', body: true },
  { method: 'POST', url: '/api/admin/products', admin: true, body: true },
  { method: 'PUT', url: '/api/admin/products/5', admin: true, body: true },
  { method: 'PUT', url: '/api/admin/products/5/inventory', admin: true, body: true },
  { method: 'PUT', url: '/api/admin/products/5/set-inventory', admin: true, body: true },
  { method: 'PUT', url: '/api/admin/products/5/order', admin: true, body: true },
  { method: 'PUT', url: '/api/orders/1001/status', admin: true, body: true },
  { method: 'POST', url: '/api/admin/upload-image', admin: true, body: true },
];

const ID_ENDPOINTS: { method: InjectOptions['method']; url: (id: string) => string; admin?: boolean }[] = [
  { method: 'GET', url: (id) => `/api/products/${id}` },
  { method: 'GET', url: (id) => `/api/cart/${id}` },
  { method: 'DELETE', url: (id) => `/api/cart/${id}` },
  { method: 'DELETE', url: (id) => `/api/cart/session/${id}` },
  { method: 'GET', url: (id) => `/api/checkout/${id}` },
  { method: 'GET', url: (id) => `/api/orders/confirmation/${id}` },
  { method: 'GET', url: (id) => `/api/reviews?productId=${id}` },
  { method: 'GET', url: (id) => `/api/reviews/stats/${id}` },
  { method: 'GET', url: (id) => `/api/product-images/${id}` },
  { method: 'GET', url: (id) => `/uploads/${id}` },
  { method: 'DELETE', url: (id) => `/api/admin/products/${id}`, admin: true },
  { method: 'PUT', url: (id) => `/api/admin/reviews/${id}/approve`, admin: true },
  { method: 'DELETE', url: (id) => `/api/admin/reviews/${id}`, admin: true },
  { method: 'POST', url: (id) => `/api/orders/${id}/create-label`, admin: true },
  { method: 'DELETE', url: (id) => `/api/orders/${id}/label`, admin: true },
  { method: 'GET', url: (id) => `/api/orders/${id}/label`, admin: true },
  { method: 'GET', url: (id) => `/api/orders/${id}/packing-slip`, admin: true },
];

describe('a corpus of malformed requests', () => {
  it('never answers 5xx, always says what is wrong, and writes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    const check = async (label: string, opts: InjectOptions) => {
      const res = await t.app.inject(opts);
      sent++;
      let message: unknown;
      try {
        message = res.json().message;
      } catch {
        message = undefined;
      }
      if (res.statusCode >= 500 || (res.statusCode >= 400 && typeof message !== 'string')) {
        failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    };
    for (const e of ENDPOINTS) {
      for (const b of BODIES) {
        await check(`${e.method} ${e.url} with ${b.name}`, {
          method: e.method,
          url: e.url,
          headers: { 'content-type': b.type ?? 'application/json', origin: ORIGIN, ...(e.admin ? { cookie } : {}) },
          payload: b.payload,
        });
      }
    }
    for (const e of ID_ENDPOINTS) {
      for (const id of ID_VARIANTS) {
        await check(`${e.method} ${e.url(id)}`, {
          method: e.method,
          url: e.url(encodeURIComponent(id)),
          headers: { origin: ORIGIN, 'x-session-id': newSessionId(), ...(e.admin ? { cookie } : {}) },
        });
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(200);
    expect(await snapshot()).toBe(before);
  });
});
