import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newSessionId, type TestApp } from '#tests/support/app.ts';
import { count, inventoryOf, SHIPPING_DETAILS, setInventory } from '#tests/support/checkout.ts';

/**
 * The checkout service's rules, called directly on a real database (PGlite in memory): what the
 * HTTP tests cannot see from outside, such as when a hold ends and what an unheld checkout takes.
 */
let t: TestApp;
let s: ReturnType<typeof store>;
beforeAll(async () => {
  t = await createTestApp();
  s = store(t.app);
});
afterAll(() => t?.close());

const MINUTE = 60_000;
/** The most units one address holds (STOCK_HOLD_MAX_UNITS_PER_ADDRESS's default). */
const CAP = 10;

let nextHolder = 0;
/** A network of its own for each test, so no test's holds count against another's cap. */
const newHolder = () => `198.51.100.${++nextHolder}`;

function store(app: TestApp['app']) {
  const { cart, checkout, orders, payments } = app.services;
  return {
    checkout,
    /** A cart with these lines, checked out from `holder`; the order it made. */
    async checkedOut(lines: [productId: number, quantity: number][], holder: string) {
      const sessionId = newSessionId();
      for (const [productId, quantity] of lines) await cart.addItem({ sessionId, productId, quantity });
      const { checkoutUrl } = await checkout.startCheckout(sessionId, { holder });
      const paymentIntentId = decodeURIComponent(checkoutUrl.split('payment_intent=')[1] ?? '').split('_secret_')[0] ?? '';
      // The shipping step: no payment is confirmed before it (checkout/keep-open.ts).
      await checkout.saveShipping(paymentIntentId, sessionId, SHIPPING_DETAILS, holder, {
        ageConfirmed: true,
        marketingConsent: false,
      });
      const order = await orders.byPaymentId(paymentIntentId);
      if (!order) throw new Error('no order for the checkout');
      return { sessionId, paymentIntentId, order };
    },
    /** The buyer pays with the test card (the provider's side only: nothing completes the order). */
    async pay(paymentIntentId: string) {
      expect(await payments.confirmTest?.(paymentIntentId, '4242 4242 4242 4242')).toMatchObject({ status: 'succeeded' });
    },
    heldUntil: async (orderId: number) => (await app.services.catalog.holds.holdOf(app.database.db, orderId))?.heldUntil,
    order: (orderId: number) => orders.byId(orderId),
    sql: (query: ReturnType<typeof sql>) => app.database.db.execute(query),
  };
}

describe('checkout holds', () => {
  it('holds for the hold minutes, and never past the checkout’s end', async () => {
    const holder = newHolder();
    const before = Date.now();
    const { sessionId, paymentIntentId, order } = await s.checkedOut([[5, 1]], holder);
    const until = (await s.heldUntil(order.id))?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + 10 * MINUTE);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * MINUTE);

    // Nine minutes left of the checkout: a renewal holds until its end, not ten minutes on.
    const endsAt = new Date(Date.now() + 9 * MINUTE);
    await s.sql(sql`update orders set expires_at = ${endsAt.toISOString()} where id = ${order.id}`);
    const renewed = await s.checkout.renewHold(paymentIntentId, sessionId, holder);
    expect(renewed.hold).toEqual({ held: true, until: endsAt.toISOString() });
    expect((await s.heldUntil(order.id))?.toISOString()).toBe(endsAt.toISOString());
  });

  it('past its address’s cap a checkout goes on unheld, and paying takes its stock then', async () => {
    const holder = newHolder();
    await setInventory(t.app, 5, 20);
    const held = await s.checkedOut([[5, CAP]], holder);
    expect(await s.heldUntil(held.order.id)).toBeDefined();
    expect(await inventoryOf(t.app, 5)).toBe(20 - CAP);

    const unheld = await s.checkedOut([[5, 3]], holder);
    expect(unheld.order.stockReleasedAt).not.toBeNull();
    expect(await s.heldUntil(unheld.order.id)).toBeUndefined();
    expect(await inventoryOf(t.app, 5)).toBe(20 - CAP);

    await s.pay(unheld.paymentIntentId);
    expect(await s.checkout.completePayment(unheld.paymentIntentId)).toMatchObject({ state: 'paid' });
    expect(await inventoryOf(t.app, 5)).toBe(20 - CAP - 3);
    expect((await s.order(unheld.order.id))?.stockReleasedAt).toBeNull();
  });

  it('an unheld checkout paid after its units went elsewhere is flagged, never sold below zero', async () => {
    const holder = newHolder();
    await setInventory(t.app, 6, CAP + 2);
    await s.checkedOut([[6, CAP]], holder);
    const { paymentIntentId, order } = await s.checkedOut([[6, 2]], holder);
    expect(order.stockReleasedAt).not.toBeNull();
    await setInventory(t.app, 6, 1);

    await s.pay(paymentIntentId);
    const result = await s.checkout.completePayment(paymentIntentId);
    expect(result).toMatchObject({ state: 'flagged' });
    expect((await s.order(order.id))?.paymentIssue).toMatch(/^Paid while its items were not held: Only 1 of /);
    expect(await inventoryOf(t.app, 6)).toBe(1);
    // The cart stays as it was: nothing was bought.
    expect(await count(t.app, 'cart_items', `session_id = '${order.sessionId}'`)).toBe(1);
  });
});

describe('the expiry sweep', () => {
  it('puts a lapsed hold back on the shelf and leaves its checkout payable; closes a checkout past its end', async () => {
    const holder = newHolder();
    await setInventory(t.app, 5, 10);
    const { sessionId, paymentIntentId, order } = await s.checkedOut([[5, 4]], holder);
    expect(await inventoryOf(t.app, 5)).toBe(6);

    await s.sql(sql`update stock_holds set held_until = now() - interval '1 second' where order_id = ${order.id}`);
    expect(await s.checkout.sweepExpired()).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(10);
    const lapsed = await s.order(order.id);
    expect(lapsed).toMatchObject({ status: 'pending', expiredAt: null });
    expect(lapsed?.stockReleasedAt).not.toBeNull();

    // The page comes back: the hold is taken again.
    expect((await s.checkout.renewHold(paymentIntentId, sessionId, holder)).hold.held).toBe(true);
    expect(await inventoryOf(t.app, 5)).toBe(6);

    await s.sql(sql`update orders set expires_at = now() - interval '1 second' where id = ${order.id}`);
    expect(await s.checkout.sweepExpired()).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(10);
    expect((await s.order(order.id))?.expiredAt).not.toBeNull();
    expect(await count(t.app, 'payments', `provider_payment_id = '${paymentIntentId}' and status = 'canceled'`)).toBe(1);
    expect(await s.checkout.sweepExpired()).toBe(0);
    // The order's history tells it: started, shipping saved, then closed once by the store.
    expect((await t.app.services.orders.timeline(order.id)).map((e) => `${e.type} (${e.actor})`)).toEqual([
      'checkout_started (shopper)',
      'shipping_saved (shopper)',
      'checkout_closed (store)',
    ]);
  });

  it('completes a checkout past its end whose payment succeeded after all, instead of closing it', async () => {
    const { paymentIntentId, order } = await s.checkedOut([[5, 1]], newHolder());
    await s.pay(paymentIntentId);
    await s.sql(sql`update orders set expires_at = now() - interval '1 second' where id = ${order.id}`);
    expect(await s.checkout.sweepExpired()).toBe(0);
    expect(await s.order(order.id)).toMatchObject({ status: 'paid', expiredAt: null });
  });
});

describe('reconciliation', () => {
  it('completes the pending orders whose payments succeeded, once', async () => {
    const paid = await s.checkedOut([[5, 1]], newHolder());
    const unpaid = await s.checkedOut([[6, 1]], newHolder());
    await s.pay(paid.paymentIntentId);
    expect(await s.checkout.reconcilePaid()).toBe(1);
    expect((await s.order(paid.order.id))?.status).toBe('paid');
    expect((await s.order(unpaid.order.id))?.status).toBe('pending');
    expect(await s.checkout.reconcilePaid()).toBe(0);
  });
});
