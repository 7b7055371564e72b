import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFormValues } from '#shared/admin.ts';
import { mailOutbox } from '#db/schema/index.ts';
import { createTestApp, newSessionId, type TestApp } from '#tests/support/app.ts';
import { SHIPPING_DETAILS } from '#tests/support/checkout.ts';
import { eventually } from '#tests/support/eventually.ts';

/**
 * The owner's low-stock alert (docs/decisions/0029), on the services and a real database (PGlite
 * in memory): one e-mail each time a product's stock falls from above 10 to 10 or fewer, queued in
 * the outbox with the change that made it.
 */
const OWNER = 'owner@ironwakesalts.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OWNER_EMAIL: OWNER });
});
afterAll(() => t?.close());

const form = (inventory: number): ProductFormValues => ({
  name: `Travel bottle ${Math.random().toString(36).slice(2, 8)}`,
  description: 'A smaller bottle for the gym bag.',
  price: '9.99',
  imageUrl: '/images/single.png',
  isActive: true,
  inventory,
  displayOrder: 5,
});

let nextHolder = 0;
/** A network of its own for each checkout, so the per-address cap never decides (ADR 0019). */
const newHolder = () => `198.51.101.${++nextHolder}`;

function store(app: TestApp['app']) {
  const { catalog, cart, checkout, orders } = app.services;
  return {
    catalog,
    /** A product the owner creates with this stock. */
    product: async (inventory: number) => (await catalog.createProduct(form(inventory), 'owner')).id,
    /** A cart of `quantity` units checked out (its stock held): the session and the payment id. */
    async checkedOut(productId: number, quantity: number, sessionId = newSessionId()) {
      await cart.addItem({ sessionId, productId, quantity });
      const holder = newHolder();
      const { checkoutUrl } = await checkout.startCheckout(sessionId, { holder });
      const paymentIntentId = decodeURIComponent(checkoutUrl.split('payment_intent=')[1] ?? '').split('_secret_')[0] ?? '';
      // The shipping step: no payment is confirmed before it (checkout/keep-open.ts).
      await checkout.saveShipping(paymentIntentId, sessionId, SHIPPING_DETAILS, holder, {
        ageConfirmed: true,
        marketingConsent: false,
      });
      const order = await orders.byPaymentId(paymentIntentId);
      if (!order) throw new Error('no order for the checkout');
      return { sessionId, paymentIntentId, orderId: order.id };
    },
    /** The low-stock e-mails queued about a product, oldest first. */
    alerts: (productId: number) =>
      app.database.db
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, key: mailOutbox.key })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'low_stock'), eq(mailOutbox.ref, productId)))
        .orderBy(asc(mailOutbox.id)),
    stock: async (productId: number) => (await catalog.listAllProducts()).find((p) => p.id === productId)?.inventory,
  };
}

let s: ReturnType<typeof store>;
beforeAll(() => {
  s = store(t.app);
});

describe('the low-stock alert', () => {
  it('falls from above 10 into the band: one e-mail to the owner, sent at once; further decrements while low send none', async () => {
    const id = await s.product(12);
    await s.checkedOut(id, 1); // 11: not low yet
    expect(await s.alerts(id)).toEqual([]);
    await s.checkedOut(id, 2); // 9
    const [alert] = await s.alerts(id);
    expect(await s.alerts(id)).toHaveLength(1);
    expect(alert).toMatchObject({ to: OWNER, subject: expect.stringMatching(/^Low stock: Travel bottle \w+ has 9 left$/) });
    // Delivered in the background right after the checkout's commit, not at the next sweep.
    expect(await eventually(async () => t.app.mailer.sent.some((m) => m.subject === alert?.subject))).toBe(true);

    await s.checkedOut(id, 1); // 8
    await s.catalog.adjustInventory(id, -3, 'owner'); // 5
    await s.catalog.setInventory(id, 2, 'owner');
    expect(await s.stock(id)).toBe(2);
    expect(await s.alerts(id)).toHaveLength(1);
  });

  it('comes again after the owner restocks above 10 and the stock falls once more; a restock that stays low arms nothing', async () => {
    const id = await s.product(11);
    await s.catalog.adjustInventory(id, -1, 'owner'); // 10: the owner's own change alerts too
    expect((await s.alerts(id)).map((a) => a.subject.replace(/ \w+ has/, ' has'))).toEqual([
      'Low stock: Travel bottle has 10 left',
    ]);
    await s.catalog.adjustInventory(id, 1, 'owner'); // 11: armed again
    await s.checkedOut(id, 4); // 7
    await s.catalog.setInventory(id, 10, 'owner'); // still low: nothing
    await s.checkedOut(id, 10); // 0
    const subjects = (await s.alerts(id)).map((a) => a.subject.replace(/ \w+ has/, ' has'));
    expect(subjects).toEqual(['Low stock: Travel bottle has 10 left', 'Low stock: Travel bottle has 7 left']);

    await s.catalog.setInventory(id, 40, 'owner');
    await s.catalog.updateProduct(id, { ...form(0), name: 'Renamed bottle' }, 'owner'); // the edit form sets 0
    const last = (await s.alerts(id)).at(-1);
    expect(last?.subject).toBe('Out of stock: Renamed bottle has none left');
    expect(await s.alerts(id)).toHaveLength(3);
  });

  it('a product created with 10 or fewer did not fall into the band: no alert until it has been above 10', async () => {
    const id = await s.product(6);
    await s.checkedOut(id, 1);
    await s.catalog.adjustInventory(id, -1, 'owner');
    expect(await s.alerts(id)).toEqual([]);
    await s.catalog.setInventory(id, 11, 'owner');
    await s.checkedOut(id, 1);
    expect(await s.alerts(id)).toHaveLength(1);
  });

  it('a hold that lapses and is taken again crosses again: a second e-mail', async () => {
    const id = await s.product(12);
    const { sessionId, paymentIntentId, orderId } = await s.checkedOut(id, 3); // 9
    expect(await s.alerts(id)).toHaveLength(1);
    // The checkout page was closed: its hold lapses and the sweeper puts the units back (12).
    await t.app.database.db.execute(
      sql`update stock_holds set held_until = now() - interval '1 minute' where order_id = ${orderId}`,
    );
    await t.app.services.checkout.sweepExpired();
    expect(await s.stock(id)).toBe(12);
    // The shopper comes back: the page takes the hold again (9).
    await t.app.services.checkout.renewHold(paymentIntentId, sessionId, newHolder());
    expect(await s.stock(id)).toBe(9);
    expect(await s.alerts(id)).toHaveLength(2);
  });

  it('a cart that starts a new checkout gives its hold back without arming the alert: no second e-mail', async () => {
    const id = await s.product(12);
    const other = await s.product(50);
    const first = await s.checkedOut(id, 3); // 9
    expect(await s.alerts(id)).toHaveLength(1);
    // The same cart, one unit more, checks out again: the first hold goes back (12), the new one is taken (8).
    await s.checkedOut(id, 1, first.sessionId);
    expect(await s.stock(id)).toBe(8);
    // The cart changes its mind and checks out another product: its units come back (12) ...
    await t.app.services.cart.clear(first.sessionId);
    await s.checkedOut(other, 1, first.sessionId);
    expect(await s.stock(id)).toBe(12);
    // ... and back again (9): still one e-mail.
    await t.app.services.cart.clear(first.sessionId);
    await s.checkedOut(id, 3, first.sessionId);
    expect(await s.stock(id)).toBe(9);
    expect(await s.alerts(id)).toHaveLength(1);
  });

  it('stock taken at payment by a checkout that held nothing alerts; a payment whose stock ran short queues nothing', async () => {
    const { checkout, payments, catalog } = t.app.services;
    /** The checkout's hold lapses and goes back to the shelf; the shopper then pays. */
    const lapseAndPay = async (c: { paymentIntentId: string; orderId: number }) => {
      await t.app.database.db.execute(
        sql`update stock_holds set held_until = now() - interval '1 minute' where order_id = ${c.orderId}`,
      );
      await checkout.sweepExpired();
      expect(await payments.confirmTest?.(c.paymentIntentId, '4242 4242 4242 4242')).toMatchObject({ status: 'succeeded' });
    };

    const sold = await s.product(20);
    const unheld = await s.checkedOut(sold, 3); // 17
    await lapseAndPay(unheld); // 20
    await catalog.setInventory(sold, 12, 'owner');
    expect(await checkout.completePayment(unheld.paymentIntentId)).toMatchObject({ state: 'paid' });
    expect(await s.stock(sold)).toBe(9);
    expect(await s.alerts(sold)).toHaveLength(1);

    // Two lines: the first would cross, the second is gone by the time of payment; the order is
    // flagged and its stock is not taken, so neither is the alert queued.
    const id = await s.product(20);
    const scarce = await s.product(20);
    const sessionId = newSessionId();
    await t.app.services.cart.addItem({ sessionId, productId: id, quantity: 3 });
    const both = await s.checkedOut(scarce, 1, sessionId); // 17 and 19
    await lapseAndPay(both); // 20 and 20
    await catalog.setInventory(id, 12, 'owner');
    await catalog.setInventory(scarce, 0, 'owner');
    expect(await checkout.completePayment(both.paymentIntentId)).toMatchObject({ state: 'flagged' });
    expect(await s.stock(id)).toBe(12);
    expect(await s.alerts(id)).toEqual([]);
    await s.checkedOut(id, 2); // 10: the alert is still armed
    expect(await s.alerts(id)).toHaveLength(1);
  });
});

describe('without OWNER_EMAIL', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
  });
  afterAll(() => quiet?.close());

  it('the store starts, and a crossing queues nothing', async () => {
    expect(quiet.app.config.ownerEmail).toBeUndefined();
    const q = store(quiet.app);
    const id = await q.product(12);
    await q.checkedOut(id, 3);
    await q.catalog.setInventory(id, 30, 'owner');
    await q.catalog.adjustInventory(id, -25, 'owner');
    expect(await q.stock(id)).toBe(5);
    expect(await q.alerts(id)).toEqual([]);
    expect(quiet.app.mailer.sent).toEqual([]);
  });
});
