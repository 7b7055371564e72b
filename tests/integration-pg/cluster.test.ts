import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Nginx, startNginx } from '../../scripts/lib/nginx.mjs';
import { multipartBody } from '../support/admin.ts';
import { createPgDatabase, newSessionId } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { freePort, type StoreServer, startStore } from '../support/store-process.ts';

/**
 * Two store processes on one PostgreSQL behind nginx, as `npm run cluster` runs them (issue
 * "Proof at scale"): whichever instance answers, it is one store — cart, checkout, admin session,
 * rate limits, the product list cache, uploaded images and label files.
 */
let db: Awaited<ReturnType<typeof createPgDatabase>>;
let a: StoreServer;
let b: StoreServer;
let lb: Nginx;
let publicUrl: string;

beforeAll(async () => {
  db = await createPgDatabase();
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: db.url,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_LOGIN_PER_15_MIN: '3',
    // Low enough to use up below, high enough for the journeys of the other tests (from other addresses).
    RATE_LIMIT_CART_PER_MINUTE: '12',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '6',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '6',
    RATE_LIMIT_HOLD_PER_MINUTE: '6',
  };
  // Started together on an empty database, as a first deploy.
  [a, b] = await Promise.all([startStore(env), startStore(env)]);
  lb = await startNginx({ port, upstreams: [a!.port, b!.port] });
}, 120_000);
afterAll(async () => {
  await lb?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

type Json = Record<string, unknown> & { message?: string };
async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as Json) : ({} as Json);
  return { status: res.status, json, headers: res.headers };
}
const admin = (cookie: string) => ({ cookie, origin: publicUrl });

async function signIn(base: string): Promise<string> {
  const res = await call(
    base,
    'POST',
    '/api/admin/login',
    { username: 'owner', password: 'correct-horse-battery' },
    {
      origin: publicUrl,
      'x-forwarded-for': '198.51.100.1',
    },
  );
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('several instances behind nginx', () => {
  it('keep one cart: what one instance adds, the other shows and changes', async () => {
    const sessionId = newSessionId();
    expect((await call(a.baseURL, 'POST', '/api/cart', { sessionId, productId: 5, quantity: 2 })).status).toBe(201);
    expect((await call(b.baseURL, 'POST', '/api/cart', { sessionId, productId: 6, quantity: 1 })).status).toBe(201);
    const seen = await Promise.all(
      [a.baseURL, b.baseURL, lb.url, lb.url].map((base) => call(base, 'GET', `/api/cart/${sessionId}`)),
    );
    for (const { json } of seen) {
      const items = (json as unknown as { productId: number; quantity: number }[]).map((i) => [i.productId, i.quantity]);
      expect(items.sort()).toEqual([
        [5, 2],
        [6, 1],
      ]);
    }
  });

  it('take a shopper from cart to paid order through the load balancer, each step on either instance', async () => {
    const sessionId = newSessionId();
    expect((await call(lb.url, 'POST', '/api/cart', { sessionId, productId: 6, quantity: 1 })).status).toBe(201);
    const checkout = await call(lb.url, 'POST', '/api/checkout', { sessionId });
    expect(checkout.status, checkout.json.message).toBeLessThan(300);
    const secret = decodeURIComponent(/payment_intent=([^&]+)/.exec(String(checkout.json.checkoutUrl))?.[1] ?? '');
    const paymentIntentId = secret.split('_secret_')[0] ?? '';
    const shipping = {
      paymentIntentId,
      ageConfirmed: true,
      email: 'dana@example.com',
      firstName: 'Dana',
      lastName: 'Lee',
      address: '12 Iron Way',
      city: 'Columbus',
      state: 'OH',
      zip: '43004',
      country: 'US',
    };
    expect((await call(lb.url, 'POST', '/api/orders/shipping', shipping)).status).toBe(200);
    const paid = await call(lb.url, 'POST', '/api/payments/test/confirm', {
      paymentIntentId: secret,
      cardNumber: '4242424242424242',
    });
    expect(paid.status).toBe(200);
    for (const base of [a.baseURL, b.baseURL]) {
      const confirmation = await call(base, 'GET', `/api/orders/confirmation/${paymentIntentId}`);
      expect(confirmation.status).toBe(200);
      expect(confirmation.json.status).toBe('paid');
    }
    // Completing again on the other instance changes nothing: one order, paid once.
    const again = await Promise.all(
      [a.baseURL, b.baseURL].map((base) => call(base, 'POST', '/api/orders/complete', { paymentIntentId })),
    );
    for (const r of again) expect(r.status).toBe(200);
  });

  it('keep one admin session: signed in on one, known on the other, signed out everywhere', async () => {
    const cookie = await signIn(a.baseURL);
    expect((await call(b.baseURL, 'GET', '/api/admin/me', undefined, admin(cookie))).status).toBe(200);
    expect((await call(lb.url, 'GET', '/api/orders', undefined, admin(cookie))).status).toBe(200);
    expect((await call(b.baseURL, 'POST', '/api/admin/logout', undefined, admin(cookie))).status).toBe(200);
    expect((await call(a.baseURL, 'GET', '/api/admin/me', undefined, admin(cookie))).status).toBe(401);
  });

  it('count a client against one limit: three failed sign-ins spread over both instances use it up on both', async () => {
    const wrong = (base: string) =>
      call(
        base,
        'POST',
        '/api/admin/login',
        { username: 'someone-guessing', password: 'not-the-password' },
        {
          origin: publicUrl,
          'x-forwarded-for': '203.0.113.7',
        },
      );
    expect((await wrong(a.baseURL)).status).toBe(401);
    expect((await wrong(b.baseURL)).status).toBe(401);
    expect((await wrong(lb.url)).status).toBe(401);
    for (const base of [a.baseURL, b.baseURL, lb.url, lb.url]) expect((await wrong(base)).status).toBe(429);
  });

  it('count every per-address limit once for all instances: two allow what one allows', async () => {
    const limits = [
      { method: 'POST', path: '/api/cart', max: 12, body: { sessionId: 'not-a-session', productId: 5, quantity: 1 } },
      { method: 'POST', path: '/api/checkout', max: 6, body: { sessionId: 'not-a-session' } },
      { method: 'POST', path: '/api/orders/shipping', max: 6, body: { paymentIntentId: 'pi_unknown' } },
      { method: 'POST', path: '/api/checkout/pi_unknown/hold', max: 6, body: {} },
    ];
    for (const [i, limit] of limits.entries()) {
      const from = { 'x-forwarded-for': `203.0.113.${20 + i}` };
      const statuses: number[] = [];
      // Spread over both instances and the load balancer, one after the other.
      const bases = [a.baseURL, b.baseURL, lb.url];
      for (let n = 0; n < limit.max + 6; n++) {
        statuses.push((await call(bases[n % bases.length] ?? lb.url, limit.method, limit.path, limit.body, from)).status);
      }
      expect(statuses.filter((s) => s !== 429).length, limit.path).toBe(limit.max);
      expect(
        statuses.slice(limit.max).every((s) => s === 429),
        limit.path,
      ).toBe(true);
      // Another address keeps its own allowance.
      const other = await call(a.baseURL, limit.method, limit.path, limit.body, { 'x-forwarded-for': `198.51.100.${40 + i}` });
      expect(other.status, limit.path).not.toBe(429);
    }
  });

  it("drop every instance's cached product list when the owner changes a product on one", async () => {
    const priceOn = async (base: string) =>
      ((await call(base, 'GET', '/api/products')).json as unknown as { id: number; price: string }[]).find((p) => p.id === 5)
        ?.price;
    expect(await priceOn(a.baseURL)).toBe(await priceOn(b.baseURL)); // both have cached the list
    const cookie = await signIn(a.baseURL);
    const product = (await call(a.baseURL, 'GET', '/api/admin/products', undefined, admin(cookie))).json as unknown as {
      id: number;
      name: string;
      description: string;
      imageUrl: string;
      isActive: boolean;
      inventory: number;
      displayOrder: number;
    }[];
    const p5 = product.find((p) => p.id === 5)!;
    const form = {
      name: p5.name,
      description: p5.description,
      price: '21.50',
      imageUrl: p5.imageUrl,
      isActive: p5.isActive,
      inventory: p5.inventory,
      displayOrder: p5.displayOrder,
    };
    const saved = await call(a.baseURL, 'PUT', '/api/admin/products/5', form, admin(cookie));
    expect(saved.status, saved.json.message).toBe(200);
    // The product list is cached for a minute: only the change notification makes B see it this soon.
    expect(await eventually(async () => (await priceOn(b.baseURL)) === '21.50', 3000)).toBe(true);
  });

  it('serve an image uploaded through one instance from the other, and a label bought on one from the other', async () => {
    const cookie = await signIn(a.baseURL);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody('image', 'bottle.png', 'image/png', png);
    const up = await fetch(`${a.baseURL}/api/admin/upload-image`, {
      method: 'POST',
      headers: { ...admin(cookie), 'content-type': contentType },
      body,
    });
    expect(up.status).toBe(200);
    const { imageUrl: url } = (await up.json()) as { imageUrl: string };
    const image = await fetch(`${b.baseURL}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    const orders = (await call(a.baseURL, 'GET', '/api/orders', undefined, admin(cookie))).json as unknown as {
      id: number;
      status: string;
    }[];
    const paid = orders.find((o) => o.status === 'paid');
    expect(paid).toBeDefined();
    const label = await call(a.baseURL, 'POST', `/api/orders/${paid!.id}/create-label`, undefined, admin(cookie));
    expect(label.status, label.json.message).toBe(200);
    const pdf = await fetch(`${b.baseURL}/api/orders/${paid!.id}/label`, { headers: admin(cookie) });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
