import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, inventoryOf, newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';

/**
 * 1,000 shoppers at once for the last 50 units, on a PostgreSQL server (issue "Proof at scale"):
 * exactly 50 paid orders, the stock at 0 and never below, every unit accounted for in the stock
 * movements. (PostgreSQL only: *.pg.test.ts.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
    RATE_LIMIT_CART_PER_MINUTE: '1000000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '1000000',
    // Correctness under 1,000 at once, not latency: on a busy machine a checkout may wait long for a connection.
    DATABASE_POOL_TIMEOUT_MS: '120000',
  });
  expect(t.driver).toBe('postgres');
});
afterAll(() => t?.close());

describe('no oversell at scale', () => {
  it('1,000 concurrent checkouts against 50 units: exactly 50 paid, stock 0', async () => {
    await setInventory(t.app, 5, 50);
    const movementsBefore = await count(t.app, 'stock_movements', 'product_id = 5');
    // Each from an address of its own: one address may hold only a few units (ADR 0019).
    const shoppers = Array.from({ length: 1000 }, () => shopper(t.app, undefined, newAddress()));
    await Promise.all(shoppers.map((s) => s.add(5, 1)));

    // The summary's rollup is folded over and over while the orders are written (ADR 0031).
    let writing = true;
    let folds = 0;
    const folding = (async () => {
      while (writing) {
        await t.app.services.orders.foldSummary();
        folds++;
      }
    })();
    const started = await Promise.all(shoppers.map((s) => s.checkout()));
    const ok = started.map((r, i) => ({ r, s: shoppers[i] })).filter((x) => x.r.statusCode === 201);
    // Every answer by status, so a failure names what the others got (and one of their messages).
    const answers: Record<string, number> = {};
    for (const r of started) answers[r.statusCode] = (answers[r.statusCode] ?? 0) + 1;
    const odd = started.find((r) => r.statusCode !== 201 && r.statusCode !== 409);
    expect(answers, odd?.body).toEqual({ 201: 50, 409: 950 });

    // Everyone who got a unit pays at once, and completes twice over.
    await Promise.all(
      ok.map(async ({ r, s }) => {
        const { secret, paymentIntentId } = secretOf(r.json().checkoutUrl);
        await s?.ship(paymentIntentId);
        expect((await s?.pay(secret))?.json().status).toBe('succeeded');
        const done = await Promise.all([s?.complete(paymentIntentId), s?.complete(paymentIntentId)]);
        expect(done.map((d) => d?.statusCode)).toEqual([200, 200]);
      }),
    );
    writing = false;
    await folding;
    expect(folds).toBeGreaterThan(1);
    const ids = ok.map(({ r }) => `'${secretOf(r.json().checkoutUrl).paymentIntentId}'`).join(',');
    expect(await count(t.app, 'orders', `status = 'paid' and payment_intent_id in (${ids})`)).toBe(50);
    expect(await inventoryOf(t.app, 5)).toBe(0);
    // One reservation movement per paid order, nothing else.
    expect(await count(t.app, 'stock_movements', 'product_id = 5')).toBe(movementsBefore + 50);
    // The dashboard's summary counts what the lists hold.
    const summary = await t.app.services.orders.summaryForAdmin();
    expect(summary.byStatus.paid).toBe(await count(t.app, 'orders', `status = 'paid'`));
    expect(summary.testOrders.count + summary.paidOrders).toBe(await count(t.app, 'orders', `status <> 'pending'`));
    expect(summary.byStatus.pending).toBe(
      await count(
        t.app,
        'orders',
        `status = 'pending' and (payment_issue is not null or paid_at is not null or (email is not null and expired_at is null))`,
      ),
    );
  }, 120_000);
});
