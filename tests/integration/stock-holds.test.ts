import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, inventoryOf, newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';

/**
 * Stock held for checkouts (docs/decisions/0019): nobody can freeze the catalog. One address holds
 * at most STOCK_HOLD_MAX_UNITS_PER_ADDRESS units across its open checkouts; a hold lasts
 * STOCK_HOLD_MINUTES unless the checkout page renews it; a checkout past its hold is still
 * payable, and stock is taken when it is paid, never below zero.
 */
let t: TestApp;
const CAP = 10;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_CART_PER_MINUTE: '100000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    STOCK_HOLD_MAX_UNITS_PER_ADDRESS: String(CAP),
    STOCK_HOLD_MINUTES: '10',
    PENDING_ORDER_TTL_MINUTES: '30',
  });
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Every test starts with no open checkout and a full shelf.
  await t.app.database.db.execute(sql`delete from stock_holds`);
  await t.app.database.db.execute(sql`update orders set expired_at = now(), stock_released_at = now() where status = 'pending'`);
  await setInventory(t.app, 5, 246);
  await setInventory(t.app, 6, 50);
});

type Rows<T> = { rows: T[] };
async function heldBy(holder: string): Promise<number> {
  const { rows } = (await t.app.database.db.execute(
    sql`select coalesce(sum(quantity), 0)::int as n from stock_holds where holder = ${holder}`,
  )) as unknown as Rows<{ n: number }>;
  return Number(rows[0]?.n);
}

async function started(s: ReturnType<typeof shopper>, productId: number, quantity: number) {
  expect((await s.add(productId, quantity)).statusCode).toBe(201);
  const res = await s.checkout();
  expect(res.statusCode).toBe(201);
  return secretOf(res.json().checkoutUrl);
}

const product = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as {
    inventory: number;
    held: number;
    heldBackBy: string | null;
  };

describe('one address cannot freeze the catalog', () => {
  it('20 sessions from one address hold at most the cap, and a shopper elsewhere still buys', async () => {
    const attacker = newAddress();
    // The reported attack: carts of 99 and checkouts, repeated. Small carts too, to fill the cap.
    for (let i = 0; i < 20; i++) {
      const s = shopper(t.app, undefined, attacker);
      expect((await s.add(5, i < 10 ? 99 : 3)).statusCode).toBe(201);
      expect((await s.checkout()).statusCode).toBe(201);
    }
    expect(await heldBy(attacker)).toBeLessThanOrEqual(CAP);
    expect(await inventoryOf(t.app, 5)).toBeGreaterThanOrEqual(246 - CAP);
    expect(await count(t.app, 'orders', `status = 'pending' and expired_at is null`)).toBe(20);

    const buyer = shopper(t.app, undefined, newAddress());
    const { secret, paymentIntentId } = await started(buyer, 5, 2);
    const page = (await buyer.hold(paymentIntentId)).json();
    expect(page.hold.held).toBe(true);
    await buyer.ship(paymentIntentId);
    expect((await buyer.pay(secret)).json().status).toBe('succeeded');
    expect((await buyer.complete(paymentIntentId)).statusCode).toBe(200);
  });

  it('counts an IPv6 network by its /64', async () => {
    const a = shopper(t.app, undefined, '2001:db8:0:7::1');
    const b = shopper(t.app, undefined, '2001:db8:0:7::2');
    await started(a, 5, 8);
    const { paymentIntentId } = await started(b, 5, 5);
    expect((await b.hold(paymentIntentId)).json().hold.held).toBe(false);
    expect(await heldBy('2001:db8:0:7::/64')).toBe(8);
  });

  it('concurrent checkouts from one address never hold more than the cap together', async () => {
    const attacker = newAddress();
    const shoppers = Array.from({ length: 20 }, () => shopper(t.app, undefined, attacker));
    for (const s of shoppers) expect((await s.add(5, 3)).statusCode).toBe(201);
    const res = await Promise.all(shoppers.map((s) => s.checkout()));
    expect(res.every((r) => r.statusCode === 201)).toBe(true);
    expect(await heldBy(attacker)).toBeLessThanOrEqual(CAP);
    expect(await heldBy(attacker)).toBe(9);
    expect(await inventoryOf(t.app, 5)).toBe(246 - 9);
  });
});

describe('the storefront says what is held', () => {
  it('the product shows units held in checkouts and when they are back; the cart refusal says so', async () => {
    await setInventory(t.app, 6, 4);
    const other = shopper(t.app, undefined, newAddress());
    expect((await other.add(6, 2)).statusCode).toBe(201);
    const holder = shopper(t.app, undefined, newAddress());
    await started(holder, 6, 3);
    const p = await product(6);
    expect(p.inventory).toBe(1);
    expect(p.held).toBe(3);
    const backBy = new Date(p.heldBackBy ?? 0).getTime();
    expect(backBy).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(backBy).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const refused = await other.add(6, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Only 1 left in stock\. 3 more are in other shoppers' checkouts: back within (29|30) minutes if not bought\.$/,
    );
    // The other shopper's cart line (2) is more than the shelf has for them: the drawer says why.
    const cart = (await t.app.inject({ method: 'GET', url: `/api/cart/${other.sessionId}` })).json();
    expect(cart[0]).toMatchObject({ quantity: 2, product: { available: 1, held: 3, heldBackBy: p.heldBackBy } });
  });

  it("a shopper's own checkout is not another shopper's: their cart still counts those units as theirs", async () => {
    await setInventory(t.app, 6, 3);
    const mine = shopper(t.app, undefined, newAddress());
    await started(mine, 6, 3);
    expect(await inventoryOf(t.app, 6)).toBe(0);
    const cartOf = async (s: ReturnType<typeof shopper>) =>
      (await t.app.inject({ method: 'GET', url: `/api/cart/${s.sessionId}` })).json()[0].product;
    expect(await cartOf(mine)).toMatchObject({ available: 3, held: 0, heldBackBy: null });
    // Going back to the cart and checking out again: the same three units, held anew.
    expect((await mine.checkout()).statusCode).toBe(201);
    expect(await inventoryOf(t.app, 6)).toBe(0);
    const more = await mine.add(6, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('Only 3 left in stock');

    const other = shopper(t.app, undefined, newAddress());
    const refused = await other.add(6, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This product is out of stock\. 3 more are in other shoppers' checkouts/);
  });

  it('a checkout that cannot be covered names what other checkouts hold', async () => {
    await setInventory(t.app, 6, 3);
    await started(shopper(t.app, undefined, newAddress()), 6, 3);
    const late = shopper(t.app, undefined, newAddress());
    await setInventory(t.app, 6, 1);
    expect((await late.add(6, 1)).statusCode).toBe(201);
    await setInventory(t.app, 6, 0);
    const res = await late.checkout();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Smelling Salts 3-Pack is out of stock\. 3 more are in other shoppers' checkouts/);
  });
});

describe('a hold lasts while its checkout page is open', () => {
  it('renews for a few minutes at a time, never past the checkout end', async () => {
    const s = shopper(t.app, undefined, newAddress());
    const { paymentIntentId } = await started(s, 5, 1);
    const first = (await s.hold(paymentIntentId)).json();
    expect(first.hold.held).toBe(true);
    const until = new Date(first.hold.until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    // Near the checkout's end, the hold is cut at the end.
    await t.app.database.db.execute(
      sql`update orders set expires_at = now() + interval '3 minutes' where payment_intent_id = ${paymentIntentId}`,
    );
    await t.app.database.db.execute(sql`update stock_holds set ends_at = now() + interval '3 minutes'`);
    const late = (await s.hold(paymentIntentId)).json();
    expect(new Date(late.hold.until).getTime()).toBeLessThanOrEqual(Date.now() + 3 * 60_000);
  });

  it('a lapsed hold goes back on the shelf; the open page takes it again and the order is paid once', async () => {
    const s = shopper(t.app, undefined, newAddress());
    const { secret, paymentIntentId } = await started(s, 5, 2);
    expect(await inventoryOf(t.app, 5)).toBe(244);
    await t.app.database.db.execute(sql`update stock_holds set held_until = now() - interval '1 second'`);
    expect(await t.app.services.checkout.sweepExpired()).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(246);
    expect((await product(5)).held).toBe(0);

    // The shopper comes back to the page: held again.
    const back = (await s.hold(paymentIntentId)).json();
    expect(back.hold.held).toBe(true);
    expect(await inventoryOf(t.app, 5)).toBe(244);
    await s.ship(paymentIntentId);
    await s.pay(secret);
    expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
    expect(await inventoryOf(t.app, 5)).toBe(244);
    expect(await count(t.app, 'stock_holds')).toBe(0);
    expect(
      await count(t.app, 'stock_movements', `order_id = (select id from orders where payment_intent_id = '${paymentIntentId}')`),
    ).toBe(3);
  });

  it('after a lapse the last units may go to someone else: the page says so and a late payment is refused, not oversold', async () => {
    await setInventory(t.app, 6, 2);
    const s = shopper(t.app, undefined, newAddress());
    const { secret, paymentIntentId } = await started(s, 6, 2);
    await t.app.database.db.execute(sql`update stock_holds set held_until = now() - interval '1 second'`);
    await t.app.services.checkout.sweepExpired();
    const other = shopper(t.app, undefined, newAddress());
    const { secret: otherSecret, paymentIntentId: otherId } = await started(other, 6, 2);
    await other.ship(otherId);
    await other.pay(otherSecret);
    expect((await other.complete(otherId)).statusCode).toBe(200);

    const again = await s.hold(paymentIntentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Smelling Salts 3-Pack is out of stock');
    await s.ship(paymentIntentId);
    // The server takes the hold again before it confirms the payment: nothing is charged.
    expect((await s.pay(secret)).json()).toEqual({
      status: 'requires_payment_method',
      message: 'Smelling Salts 3-Pack is out of stock',
    });
    expect((await s.complete(paymentIntentId)).statusCode).toBe(409);
    expect(await inventoryOf(t.app, 6)).toBe(0);
    expect(
      await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and paid_at is null and payment_issue is null`),
    ).toBe(1);
  });

  it('a checkout past its end closes: stock back, payment cancelled, no more changes', async () => {
    const s = shopper(t.app, undefined, newAddress());
    const { secret, paymentIntentId } = await started(s, 5, 1);
    await t.app.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where payment_intent_id = ${paymentIntentId}`,
    );
    expect(await t.app.services.checkout.sweepExpired()).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(246);
    expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and expired_at is not null`)).toBe(1);
    const renew = await s.hold(paymentIntentId);
    expect(renew.statusCode).toBe(409);
    expect(renew.json().message).toBe('This checkout has expired. Please start again from your cart.');
    expect((await s.ship(paymentIntentId)).statusCode).toBe(409);
    expect((await s.pay(secret)).json()).toMatchObject({
      status: 'requires_payment_method',
      message: 'This checkout has expired. Please start again from your cart.',
    });
    // The cart is kept: the shopper starts again.
    expect((await s.checkout()).statusCode).toBe(201);
  });

  it('over the cap a checkout goes on unheld and takes its stock when paid', async () => {
    const s = shopper(t.app, undefined, newAddress());
    const { secret, paymentIntentId } = await started(s, 5, 25);
    expect(await inventoryOf(t.app, 5)).toBe(246);
    const page = (await s.hold(paymentIntentId)).json();
    expect(page.hold).toEqual({ held: false, until: null });
    await s.ship(paymentIntentId);
    await s.pay(secret);
    expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
    expect(await inventoryOf(t.app, 5)).toBe(221);
  });
});

describe('the hold endpoint refuses what is not a checkout of the caller', () => {
  it('answers 400 for a malformed id, 404 for an unknown or foreign one, and writes nothing', async () => {
    const s = shopper(t.app, undefined, newAddress());
    const { paymentIntentId } = await started(s, 5, 1);
    const before = await count(t.app, 'stock_holds');
    const bad = await t.app.inject({ method: 'POST', url: '/api/checkout/not-an-id/hold' });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/checkout/pi_Unknown0000000000000000/hold' });
    expect(unknown.statusCode).toBe(404);
    const foreign = await shopper(t.app, undefined, newAddress()).hold(paymentIntentId);
    expect(foreign.statusCode).toBe(404);
    expect(await count(t.app, 'stock_holds')).toBe(before);
  });

  it('is rate-limited per address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_HOLD_PER_MINUTE: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await limited.app.inject({ method: 'POST', url: '/api/checkout/pi_Unknown0000000000000000/hold' })).statusCode,
        );
      }
      expect(codes).toEqual([404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
