import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockMovement } from '#shared/stock-movements.ts';
import { stockMovements } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';

/**
 * A product's stock history for the owner (GET /api/admin/products/:id/stock-movements): every
 * change newest first, with who made it and the order it belongs to, a page at a time like the
 * orders list (docs/decisions/0026, 0029).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());

const PRODUCT = {
  name: 'History Bottle',
  description: 'A bottle whose every unit is accounted for.',
  price: '12.50',
  imageUrl: '/api/product-images/single',
  isActive: true,
  inventory: 20,
  displayOrder: 9,
};
const newProduct = async (inventory = 20): Promise<number> =>
  ((await admin.call('POST', '/api/admin/products', { ...PRODUCT, inventory })).json() as { id: number }).id;

const history = async (productId: number, query = '') => {
  const res = await admin.call('GET', `/api/admin/products/${productId}/stock-movements${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { movements: res.json() as StockMovement[], link: res.headers.link as string | undefined, res };
};
const nextOf = (link: string | undefined) => /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1];

describe('GET /api/admin/products/:id/stock-movements', () => {
  it('tells the product’s story newest first: who moved it, by how much, to what, and for which order', async () => {
    const id = await newProduct(20);
    await admin.call('PUT', `/api/admin/products/${id}/inventory`, { change: -2 });
    const buyer = shopper(t.app);
    await buyer.add(id, 3);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    await buyer.pay(secret);
    const order = (await t.app.services.orders.byPaymentId(paymentIntentId))?.id;
    await admin.call('PUT', `/api/admin/products/${id}/set-inventory`, { inventory: 40 });

    const { movements, link, res } = await history(id);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(link).toBeUndefined();
    expect(movements.map(({ id: _, at: __, ...m }) => m)).toEqual([
      { delta: 25, inventoryAfter: 40, reason: 'admin_set', actor: 'owner', orderId: null },
      { delta: -3, inventoryAfter: 15, reason: 'checkout_reserve', actor: 'shopper', orderId: order },
      { delta: -2, inventoryAfter: 18, reason: 'admin_adjust', actor: 'owner', orderId: null },
      { delta: 20, inventoryAfter: 20, reason: 'product_created', actor: 'owner', orderId: null },
    ]);
    const times = movements.map((m) => Date.parse(m.at));
    expect(times.every((at) => Math.abs(Date.now() - at) < 60_000)).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('names the store for what it did itself: stock back from an unpaid checkout', async () => {
    const id = await newProduct(20);
    const s = shopper(t.app);
    await s.add(id, 2);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    const order = (await t.app.services.orders.byPaymentId(paymentIntentId))?.id;
    const again = await s.checkout(); // the same cart starts a new checkout: the first one's hold comes back
    expect(again.statusCode).toBe(201);
    await t.app.database.db.execute(
      (await import('drizzle-orm')).sql`update stock_holds set held_until = now() - interval '1 minute' where product_id = ${id}`,
    );
    await t.app.services.checkout.sweepExpired();
    const { movements } = await history(id);
    expect(movements.map((m) => [m.reason, m.actor, m.delta, m.inventoryAfter])).toEqual([
      ['reservation_release', 'store', 2, 20],
      ['checkout_reserve', 'shopper', -2, 18],
      ['checkout_replaced', 'shopper', 2, 20],
      ['checkout_reserve', 'shopper', -2, 18],
      ['product_created', 'owner', 20, 20],
    ]);
    expect(movements[3]?.orderId).toBe(order);
    expect(movements[2]?.orderId).toBe(order);
    expect(movements[1]?.orderId).toBeGreaterThan(order ?? 0);
  });

  it('gives 50 at a time, then the rest by following Link, each movement once; a movement made while paging does not shift the next page', async () => {
    const id = await newProduct(0);
    await t.app.database.db.insert(stockMovements).values(
      Array.from({ length: 119 }, (_, i) => ({
        productId: id,
        delta: 1,
        inventoryAfter: i + 1,
        reason: 'admin_adjust' as const,
        actor: 'owner',
      })),
    );
    const first = await history(id);
    expect(first.movements).toHaveLength(50);
    expect(first.movements[0]?.inventoryAfter).toBe(119);
    await admin.call('PUT', `/api/admin/products/${id}/inventory`, { change: 5 }); // bought while paging: not on a later page
    const seen = first.movements.map((m) => m.id);
    let next = nextOf(first.link);
    let pages = 1;
    while (next) {
      expect(next).toMatch(new RegExp(`^/api/admin/products/${id}/stock-movements\\?limit=50&cursor=\\d+$`));
      const page = await history(id, next.slice(next.indexOf('?')));
      seen.push(...page.movements.map((m) => m.id));
      next = nextOf(page.link);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const small = await history(id, '?limit=7');
    expect(small.movements).toHaveLength(7);
    expect(nextOf(small.link)).toMatch(/\?limit=7&cursor=\d+$/);
    expect((await history(id, '?limit=200')).movements).toHaveLength(121);
    expect((await history(id, '?limit=200')).link).toBeUndefined();
  });

  it('answers 404 with a message for a product that is not there, or no longer is', async () => {
    const id = await newProduct(3);
    expect((await admin.call('DELETE', `/api/admin/products/${id}`)).statusCode).toBe(200);
    for (const gone of [id, 999_999]) {
      const res = await admin.call('GET', `/api/admin/products/${gone}/stock-movements`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Product not found' });
    }
  });

  it('refuses a bad id, limit or cursor with 400 and a message', async () => {
    const cases: [string, RegExp][] = [
      ['/api/admin/products/abc/stock-movements', /number/i],
      ['/api/admin/products/0/stock-movements', /positive/i],
      ['/api/admin/products/-5/stock-movements', /positive/i],
      ['/api/admin/products/1.5/stock-movements', /whole/i],
      ['/api/admin/products/99999999999/stock-movements', /too large/i],
      ['/api/admin/products/5/stock-movements?limit=0', /limit must be at least 1/],
      ['/api/admin/products/5/stock-movements?limit=201', /limit must be at most 200/],
      ['/api/admin/products/5/stock-movements?limit=ten', /limit must be a whole number/],
      ['/api/admin/products/5/stock-movements?limit=2.5', /limit must be a whole number/],
      ['/api/admin/products/5/stock-movements?cursor=abc', /number/i],
      ['/api/admin/products/5/stock-movements?cursor=0', /positive/i],
      ['/api/admin/products/5/stock-movements?cursor=-1', /positive/i],
      ['/api/admin/products/5/stock-movements?cursor=1e300', /whole number/i],
      ['/api/admin/products/5/stock-movements?cursor=2147483648', /too large/i],
      ["/api/admin/products/5/stock-movements?cursor=1'--", /number/i],
    ];
    for (const [url, message] of cases) {
      const res = await admin.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(message);
    }
  });

  it('is the owner’s only: 401 without a session or with a stale one, and nothing is read', async () => {
    const anonymous = await t.app.inject({ url: '/api/admin/products/5/stock-movements' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('message');
    expect(anonymous.body).not.toContain('inventoryAfter');
    const stale = await t.app.inject({
      url: '/api/admin/products/5/stock-movements',
      headers: { cookie: 'admin_session=0000000000000000000000000000000000000000000' },
    });
    expect(stale.statusCode).toBe(401);
    // A bad query without a session is still 401 first: nothing about the catalog is told.
    expect((await t.app.inject({ url: '/api/admin/products/999999/stock-movements?limit=0' })).statusCode).toBe(401);
    expect(await count(t.app, 'stock_movements', 'product_id = 999999')).toBe(0);
  });
});
