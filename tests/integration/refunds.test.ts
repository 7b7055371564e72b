import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, OrdersSummary } from '#shared/admin.ts';
import type { OrderEvent } from '#shared/order-events.ts';
import type { OrderRefunds, Refund } from '#shared/refunds.ts';
import { ADMIN, ORIGIN, login, sessionCookie, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, inventoryOf, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';

/**
 * Refunds and cancellation from the order card (issue "Run the business", items 1, 2 and 9), through
 * the built-in test provider, on PGlite and on PostgreSQL: a refund never exceeds what was paid, is
 * made once however often it is sent, restocks only what was chosen, and e-mails the customer once.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
  });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 100);
});

const mails = () => t.app.mailer.sent;
const mailsTo = (orderId: number) => mails().filter((m) => m.subject.includes(`#${orderId}`));

/** A paid order: 2 single bottles (18.99) and 1 three-pack (44.99), shipping 3.91 → 86.88. */
async function paidOrder(
  lines: [number, number][] = [
    [5, 2],
    [6, 1],
  ],
): Promise<AdminOrder> {
  const buyer = shopper(t.app);
  for (const [id, q] of lines) expect((await buyer.add(id, q)).statusCode).toBe(201);
  const started = await buyer.checkout();
  expect(started.statusCode, started.body).toBe(201);
  const { secret, paymentIntentId } = secretOf(started.json().checkoutUrl);
  await buyer.ship(paymentIntentId);
  const paid = await buyer.pay(secret);
  expect(paid.json().status, paid.body).toBe('succeeded');
  const order = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!order) throw new Error('no order');
  // The confirmation goes out in the background: wait for it so later counts are the refund's alone.
  expect(await eventually(async () => mailsTo(order.id).length === 1)).toBe(true);
  return t.app.services.orders.adminOrder(order.id);
}

const refund = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  admin.call('POST', `/api/orders/${id}/refunds`, body, headers);
const orderOf = (id: number) => t.app.services.orders.adminOrder(id);
const refundsOf = async (id: number) => (await admin.call('GET', `/api/orders/${id}/refunds`)).json() as OrderRefunds;
const timeline = async (id: number) => (await admin.call('GET', `/api/orders/${id}/timeline`)).json() as OrderEvent[];
/** A cancel's answer: 200 with the order cancelled and its 86.88 refunded. */
function expectCancelledInFull(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'cancelled', refundedTotal: '86.88' });
}

const refundRows = (id: number) => count(t.app, 'order_refunds', `order_id = ${id}`);

describe('POST /api/orders/:id/refunds', () => {
  it('refunds chosen lines, puts back in stock only the line marked so, records it, and e-mails the customer once', async () => {
    const order = await paidOrder();
    const [bottles, packs] = [await inventoryOf(t.app, 5), await inventoryOf(t.app, 6)];
    const res = await refund(order.id, {
      items: [
        { productId: 5, quantity: 1, restock: true },
        { productId: 6, quantity: 1, restock: false },
      ],
      reason: 'Arrived crushed',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Refund;
    expect(made).toMatchObject({
      orderId: order.id,
      amount: '63.98',
      status: 'succeeded',
      reason: 'Arrived crushed',
      actor: ADMIN.username,
    });
    expect(made.items).toEqual([
      { productId: 5, name: expect.any(String), quantity: 1, restock: true },
      { productId: 6, name: expect.any(String), quantity: 1, restock: false },
    ]);

    expect(await inventoryOf(t.app, 5)).toBe(bottles + 1);
    expect(await inventoryOf(t.app, 6)).toBe(packs);
    expect(
      await count(
        t.app,
        'stock_movements',
        `order_id = ${order.id} and reason = 'refund_restock' and delta = 1 and actor = '${ADMIN.username}'`,
      ),
    ).toBe(1);

    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 'paid', refundedTotal: '63.98', total: '86.88' });
    const left = await refundsOf(order.id);
    expect(left).toMatchObject({ refundedTotal: '63.98', refundable: '22.90' });
    expect(left.lines.map((l) => [l.productId, l.refundedQuantity])).toEqual([
      [5, 1],
      [6, 1],
    ]);

    const refunded = (await timeline(order.id)).filter((e) => e.type === 'refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.message).toMatch(/^Refunded \$63\.98 for 1 × .+, 1 × .+ \(Arrived crushed\); put back in stock: 1 × /);
    expect(refunded[0]?.actor).toBe(ADMIN.username);

    expect(await eventually(async () => mailsTo(order.id).length === 2)).toBe(true);
    const mail = mailsTo(order.id)[1];
    expect(mail?.subject).toBe(`Refund for your Ironwake order #${order.id}`);
    expect(mail?.text).toContain('We refunded $63.98 of your order');
    expect(await eventually(async () => (await timeline(order.id)).some((e) => e.message.startsWith('Refund e-mail sent')))).toBe(
      true,
    );
  });

  it('refunds an amount without touching stock', async () => {
    const order = await paidOrder();
    const stock = await inventoryOf(t.app, 5);
    const res = await refund(order.id, { amount: '10.00', reason: 'Late delivery' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '10.00', items: [] });
    expect(await inventoryOf(t.app, 5)).toBe(stock);
    expect((await orderOf(order.id)).refundedTotal).toBe('10.00');
  });

  it('refuses more than is left with 409 and a message, and writes nothing', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, { amount: '80.00' })).statusCode).toBe(201);
    const before = await refundRows(order.id);
    const over = await refund(order.id, { amount: '6.89' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only $6.88 of this order can still be refunded ($80.00 of $86.88 refunded already)');
    const lines = await refund(order.id, { items: [{ productId: 5, quantity: 3, restock: true }] });
    expect(lines.statusCode).toBe(409);
    expect(lines.json().message).toMatch(/^Only 2 of .+ can still be refunded \(2 bought\)$/);
    expect(await refundRows(order.id)).toBe(before);
    expect((await orderOf(order.id)).refundedTotal).toBe('80.00');
  });

  it('makes one refund of a request sent again with the same Idempotency-Key, and e-mails once', async () => {
    const order = await paidOrder();
    const key = { 'idempotency-key': 'refund-form-7f3a9c1e' };
    const body = { items: [{ productId: 5, quantity: 1, restock: true }] };
    const stock = await inventoryOf(t.app, 5);
    const answers = [
      await refund(order.id, body, key),
      ...(await Promise.all([refund(order.id, body, key), refund(order.id, body, key)])),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await refundRows(order.id)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('18.99');
    expect(await inventoryOf(t.app, 5)).toBe(stock + 1);
    await eventually(async () => mailsTo(order.id).length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(order.id)).toHaveLength(2);
  });

  it('refuses an Idempotency-Key sent again with another request: 422, no second refund; the same request still gets the first refund', async () => {
    const order = await paidOrder();
    const key = { 'idempotency-key': 'refund-form-2b71d04e' };
    const first = await refund(order.id, { amount: '10.00', reason: 'Late delivery' }, key);
    expect(first.statusCode, first.body).toBe(201);

    const other = await refund(order.id, { amount: '20.00', reason: 'Late delivery' }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'unprocessable',
      message: 'This Idempotency-Key was used with another request: send a new key for a new refund.',
    });
    // The lines, the restock choice and the reason are part of the request too.
    for (const body of [
      { amount: '10.00' },
      { amount: '10.00', reason: 'Arrived crushed' },
      { amount: '10.00', reason: 'Late delivery', items: [{ productId: 5, quantity: 1, restock: false }] },
    ]) {
      expect((await refund(order.id, body, key)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await refundRows(order.id)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('10.00');

    const same = await refund(order.id, { reason: 'Late delivery', amount: '10.00' }, key);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(first.json());
    expect(await refundRows(order.id)).toBe(1);
  });

  it('tells a line refunded with and without restock apart under one Idempotency-Key', async () => {
    const order = await paidOrder();
    const key = { 'idempotency-key': 'refund-form-5c0e99aa' };
    const lines = [
      { productId: 6, quantity: 1, restock: true },
      { productId: 5, quantity: 1, restock: false },
    ];
    expect((await refund(order.id, { items: lines }, key)).statusCode).toBe(201);
    // The same lines in another order are the same request; `restock` left out means false.
    const reordered = await refund(order.id, { items: [{ productId: 5, quantity: 1 }, lines[0]] }, key);
    expect(reordered.statusCode, reordered.body).toBe(200);
    const restocked = await refund(order.id, { items: lines.map((l) => ({ ...l, restock: true })) }, key);
    expect(restocked.statusCode, restocked.body).toBe(422);
    expect(await refundRows(order.id)).toBe(1);
  });

  it('answers a request sent again after the provider refused it as it answered the first: the same 409, no second refund', async () => {
    const order = await paidOrder();
    // The test provider refuses any refund of a payment that has nothing left on it.
    const left = (cents: 'nothing' | 'all') =>
      t.app.database.db.execute(
        sql`update payments set refunded_cents = ${cents === 'nothing' ? sql`amount_cents` : sql`0`}
            where provider_payment_id = ${order.stripePaymentIntentId ?? ''}`,
      );
    const key = { 'idempotency-key': 'refund-form-refused-1' };
    await left('nothing');
    const first = await refund(order.id, { amount: '10.00' }, key);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().message).toMatch(/^The payment provider refused the refund: /);
    await left('all');
    const again = await refund(order.id, { amount: '10.00' }, key);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(first.json().message);
    expect(await refundRows(order.id)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('0.00');
    // A new request (a new key) tries again.
    const retry = await refund(order.id, { amount: '10.00' }, { 'idempotency-key': 'refund-form-refused-2' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await orderOf(order.id)).refundedTotal).toBe('10.00');
  });

  it('never gives back more than was paid when refunds race: exactly what fits succeeds', async () => {
    const order = await paidOrder();
    // 86.88 paid: of five concurrent refunds of 30.00, two fit.
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(order.id, { amount: '30.00' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await orderOf(order.id)).refundedTotal).toBe('60.00');
    expect(await refundRows(order.id)).toBe(2);
  });

  it('reads "refunded" once refunds reach the total, and refuses any further refund', async () => {
    const order = await paidOrder([[5, 1]]);
    expect((await refund(order.id, { amount: '12.00' })).statusCode).toBe(201);
    expect((await refund(order.id, { items: [{ productId: 5, quantity: 1, restock: true }], amount: '10.90' })).statusCode).toBe(
      201,
    );
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 'refunded', refundedTotal: '22.90', total: '22.90' });
    const again = await refund(order.id, { amount: '0.01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is refunded in full already');
    expect((await timeline(order.id)).some((e) => e.message === 'Status changed from paid to refunded')).toBe(true);
    // Listed under its own status.
    const listed = (await admin.call('GET', '/api/orders?status=refunded')).json() as AdminOrder[];
    expect(listed.map((o) => o.id)).toContain(order.id);
  });

  it('refunds what is left when neither lines nor an amount are named, once, restocking nothing', async () => {
    const order = await paidOrder();
    const stock = [await inventoryOf(t.app, 5), await inventoryOf(t.app, 6)];
    const res = await refund(order.id, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '86.88', items: [], status: 'succeeded' });
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refundedTotal: '86.88' });
    expect([await inventoryOf(t.app, 5), await inventoryOf(t.app, 6)]).toEqual(stock);

    // Nothing is left: refused as any refund past what is left, and nothing more refunded.
    for (const again of [await refund(order.id, {}), await refund(order.id, { amount: '0.01' })]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is refunded in full already');
    }
    expect(await refundRows(order.id)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('86.88');
  });

  it('refunds what is left after earlier refunds, with or without a body, with its reason', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, { amount: '10.00' })).statusCode).toBe(201);
    const rest = await refund(order.id, { reason: 'Goodwill' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ amount: '76.88', reason: 'Goodwill', items: [] });
    expect((await orderOf(order.id)).refundedTotal).toBe('86.88');

    // No body at all, and JSON null, mean the same as {}.
    const bare = await paidOrder([[5, 1]]);
    const none = await refund(bare.id, undefined);
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json()).toMatchObject({ amount: '22.90', items: [] });
    expect(await refundRows(bare.id)).toBe(1);
    const nulled = await paidOrder([[6, 1]]);
    const viaNull = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${nulled.id}/refunds`,
      headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(viaNull.statusCode, viaNull.body).toBe(201);
    expect((await orderOf(nulled.id)).refundedTotal).toBe(nulled.total);
  });

  it('answers a refund of what is left of an unknown order with 404, and of an unpaid one with its refusal', async () => {
    for (const body of [{}, undefined]) {
      const res = await refund(99_999_999, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Order not found');
    }
    const buyer = shopper(t.app);
    await buyer.add(5, 1);
    const { paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    const pending = await t.app.services.orders.byPaymentId(paymentIntentId);
    const unpaid = await refund(pending?.id ?? 0, {});
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('This order is not paid: there is nothing to refund. Cancel it instead.');
    expect(await refundRows(pending?.id ?? 0)).toBe(0);
  });

  it('refuses an unpaid order, a product the order does not have and a line named twice', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 1);
    const { paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    const pending = await t.app.services.orders.byPaymentId(paymentIntentId);
    const unpaid = await refund(pending?.id ?? 0, { amount: '1.00' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('This order is not paid: there is nothing to refund. Cancel it instead.');

    const order = await paidOrder([[5, 1]]);
    const foreign = await refund(order.id, { items: [{ productId: 6, quantity: 1, restock: true }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This order has no product 6');
    const twice = await refund(order.id, {
      items: [
        { productId: 5, quantity: 1, restock: true },
        { productId: 5, quantity: 1, restock: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(await refundRows(order.id)).toBe(0);
  });

  it('answers bad input with 400 and a message, writing nothing', async () => {
    const order = await paidOrder([[5, 1]]);
    const stock = await inventoryOf(t.app, 5);
    const bad: unknown[] = [
      { amount: 'abc' },
      { amount: '-1.00' },
      { amount: '0.00' },
      { amount: '1.234' },
      { amount: 12.34 },
      { amount: '99999999.00' },
      { items: [] },
      { items: [{ productId: 5, quantity: 0 }] },
      { items: [{ productId: 5, quantity: 1.5 }] },
      { items: [{ productId: '5', quantity: 1 }] },
      { items: [{ productId: 5, quantity: 1, restock: 'yes' }] },
      { items: [{ productId: 5, quantity: 1, extra: true }] },
      { items: 'all' },
      { amount: '1.00', reason: 'x'.repeat(501) },
      { amount: '1.00', surprise: 1 },
      [],
      'refund',
    ];
    for (const body of bad) {
      const res = await refund(order.id, body);
      // A bare string goes as text/plain: 415, not JSON.
      expect(res.statusCode, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      expect(typeof res.json().message).toBe('string');
    }
    for (const key of ['short', 'has spaces in it', 'x'.repeat(101), 'semi;colon-key']) {
      const res = await refund(order.id, { amount: '1.00' }, { 'idempotency-key': key });
      expect(res.statusCode, key).toBe(400);
    }
    expect((await admin.call('POST', '/api/orders/abc/refunds', { amount: '1.00' })).statusCode).toBe(400);
    expect((await admin.call('POST', '/api/orders/99999999/refunds', { amount: '1.00' })).statusCode).toBe(404);
    expect(await refundRows(order.id)).toBe(0);
    expect(await inventoryOf(t.app, 5)).toBe(stock);
    expect((await orderOf(order.id)).refundedTotal).toBe('0.00');
  });

  it('is the owner’s alone: 401 without a session, 403 from another origin', async () => {
    const order = await paidOrder([[5, 1]]);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/refunds`, payload: { amount: '1.00' } });
    expect(anonymous.statusCode).toBe(401);
    const cookie = sessionCookie(await login(t.app));
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: { amount: '1.00' },
    });
    expect(forged.statusCode).toBe(403);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(cancel.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/refunds` })).statusCode).toBe(401);
    expect(await refundRows(order.id)).toBe(0);
    expect((await orderOf(order.id)).status).toBe('paid');
    expect(ORIGIN).not.toBe('https://evil.example');
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('cancels an unpaid checkout: its hold goes back on the shelf and its payment can no longer go through', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 3);
    const stock = await inventoryOf(t.app, 5);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    expect(await inventoryOf(t.app, 5)).toBe(stock - 3);
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    const res = await admin.call('POST', `/api/orders/${order?.id}/cancel`, { reason: 'Duplicate checkout' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedTotal: '0.00', cancelledAt: expect.any(String) });
    expect(await inventoryOf(t.app, 5)).toBe(stock);
    expect((await buyer.pay(secret)).json().status).toBe('requires_payment_method');
    expect((await orderOf(order?.id ?? 0)).status).toBe('cancelled');
    const events = await timeline(order?.id ?? 0);
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({
      type: 'cancelled',
      message: 'Order cancelled before payment (Duplicate checkout)',
      actor: ADMIN.username,
    });
    expect(await refundRows(order?.id ?? 0)).toBe(0);
  });

  it('cancels a paid order: refunded in full, every unit back in stock, one e-mail; cancelling again changes nothing', async () => {
    const order = await paidOrder();
    const [bottles, packs] = [await inventoryOf(t.app, 5), await inventoryOf(t.app, 6)];
    const res = await admin.call('POST', `/api/orders/${order.id}/cancel`, { reason: 'Customer changed their mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedTotal: '86.88' });
    expect(await inventoryOf(t.app, 5)).toBe(bottles + 2);
    expect(await inventoryOf(t.app, 6)).toBe(packs + 1);

    const again = await Promise.all([
      admin.call('POST', `/api/orders/${order.id}/cancel`, {}),
      admin.call('POST', `/api/orders/${order.id}/cancel`),
    ]);
    expect(again[1]?.body, again[1]?.body).toBe(again[0]?.body);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await refundRows(order.id)).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(bottles + 2);
    expect(await eventually(async () => mailsTo(order.id).length === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(order.id).map((m) => m.subject)).toEqual([
      `Your Ironwake order #${order.id} is confirmed`,
      `Your Ironwake order #${order.id} is cancelled`,
    ]);
    const types = (await timeline(order.id)).map((e) => e.type);
    expect(types.filter((x) => x === 'refunded')).toHaveLength(1);
    // Nothing to ship any more.
    const label = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(label.statusCode).toBe(409);
    expect(label.json().message).toBe('This order is cancelled: no label can be made for it');
    expect(types.filter((x) => x === 'cancelled')).toHaveLength(1);
  });

  it('twenty cancels of one paid order at once make one refund and twenty equal answers', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.call('POST', `/api/orders/${order.id}/cancel`, {})));
    expect(
      answers.map((r) => r.statusCode),
      answers.map((r) => r.body).join('\n'),
    ).toEqual(answers.map(() => 200));
    expect(await refundRows(order.id)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('86.88');
  });

  it("a cancel that finds another cancel's refund still at the payment provider waits for it and answers the cancelled order", async () => {
    const order = await paidOrder();
    const refunds = t.app.services.orders.refunds;
    const payments = t.app.services.payments;
    const pendingCancellation = refunds.pendingCancellation;
    const providerRefund = payments.refund;
    let lateChecked!: () => void;
    let releaseLate!: () => void;
    const atCheck = new Promise<void>((r) => (lateChecked = r));
    const lateHeld = new Promise<void>((r) => (releaseLate = r));
    let earlyAtProvider!: () => void;
    let releaseProvider!: () => void;
    const atProvider = new Promise<void>((r) => (earlyAtProvider = r));
    const providerHeld = new Promise<void>((r) => (releaseProvider = r));
    let holdCheck = true;
    let holdProvider = true;
    // The late cancel finds no cancellation under way, then waits there.
    refunds.pendingCancellation = async (orderId: number) => {
      const found = await pendingCancellation(orderId);
      if (orderId === order.id && holdCheck) {
        holdCheck = false;
        lateChecked();
        await lateHeld;
      }
      return found;
    };
    // The early cancel's refund is recorded, then waits at the provider.
    payments.refund = async (...args: Parameters<typeof providerRefund>) => {
      if (holdProvider) {
        holdProvider = false;
        earlyAtProvider();
        await providerHeld;
      }
      return providerRefund(...args);
    };
    try {
      const late = admin.call('POST', `/api/orders/${order.id}/cancel`, {});
      await atCheck;
      const early = admin.call('POST', `/api/orders/${order.id}/cancel`, { reason: 'Duplicate order' });
      await atProvider;
      releaseLate();
      const answer = await late;
      expectCancelledInFull(answer);
      releaseProvider();
      expectCancelledInFull(await early);
    } finally {
      releaseLate();
      releaseProvider();
      refunds.pendingCancellation = pendingCancellation;
      payments.refund = providerRefund;
    }
    expect(await refundRows(order.id)).toBe(1);
    expect((await timeline(order.id)).filter((e) => e.type === 'cancelled')).toHaveLength(1);
  });

  it('a cancel that read the order as paid while another cancel refunded it answers the cancelled order, refunded once', async () => {
    const order = await paidOrder();
    const orders = t.app.services.orders;
    const byId = orders.byId;
    let reached!: () => void;
    let release!: () => void;
    const atRead = new Promise<void>((r) => (reached = r));
    const held = new Promise<void>((r) => (release = r));
    let holdNext = true;
    // The late cancel reads the order as paid, then waits there until the other cancel is done.
    orders.byId = async (...args: Parameters<typeof byId>) => {
      const row = await byId(...args);
      if (args[0] === order.id && holdNext) {
        holdNext = false;
        reached();
        await held;
      }
      return row;
    };
    try {
      const late = admin.call('POST', `/api/orders/${order.id}/cancel`, {});
      await atRead;
      const early = await admin.call('POST', `/api/orders/${order.id}/cancel`, { reason: 'Duplicate order' });
      expect(early.statusCode, early.body).toBe(200);
      release();
      expectCancelledInFull(await late);
    } finally {
      release();
      orders.byId = byId;
    }
    expect(await refundRows(order.id)).toBe(1);
    expect((await timeline(order.id)).filter((e) => e.type === 'cancelled')).toHaveLength(1);
  });

  it('after a partial refund, refunds what is left and restocks only the units not refunded yet', async () => {
    const order = await paidOrder();
    await refund(order.id, { items: [{ productId: 5, quantity: 1, restock: false }] });
    const bottles = await inventoryOf(t.app, 5);
    const res = await admin.call('POST', `/api/orders/${order.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedTotal: '86.88' });
    expect(await inventoryOf(t.app, 5)).toBe(bottles + 1);
  });

  it('refuses a shipped order with a message: that is a return', async () => {
    const order = await paidOrder([[5, 1]]);
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' });
    const res = await admin.call('POST', `/api/orders/${order.id}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order has shipped and cannot be cancelled. Refund what comes back as a return instead.',
    );
    expect((await orderOf(order.id)).status).toBe('shipped');
    // A shipped order can still be refunded (a return).
    expect((await refund(order.id, { items: [{ productId: 5, quantity: 1, restock: true }] })).statusCode).toBe(201);
  });

  it('does not let the owner set cancelled or refunded by hand; bad bodies get 400', async () => {
    const order = await paidOrder([[5, 1]]);
    for (const status of ['cancelled', 'refunded']) {
      const res = await admin.call('PUT', `/api/orders/${order.id}/status`, { status });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('cancel or refund an order with its own actions');
    }
    for (const body of [{ reason: 5 }, { reason: 'x'.repeat(501) }, { why: 'no' }, [], 'cancel']) {
      const res = await admin.call('POST', `/api/orders/${order.id}/cancel`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await admin.call('POST', '/api/orders/99999999/cancel', {})).statusCode).toBe(404);
    expect((await orderOf(order.id)).status).toBe('paid');
  });
});

describe('revenue net of refunds', () => {
  it('shows net revenue with gross and refunds beside it, in the summary and in analytics', async () => {
    const before = (await admin.call('GET', '/api/orders/summary')).json() as OrdersSummary;
    const beforeAnalytics = (await admin.call('GET', '/api/analytics')).json();
    const order = await paidOrder();
    // Real money in this test: the order as if paid with live keys.
    await t.app.database.db.execute(sql`update orders set payment_mode = 'live' where id = ${order.id}`);
    await refund(order.id, { amount: '20.00' });
    const cents = (s: string) => Math.round(Number(s) * 100);

    const summary = (await admin.call('GET', '/api/orders/summary')).json() as OrdersSummary;
    expect(cents(summary.grossRevenue) - cents(before.grossRevenue)).toBe(8688);
    expect(cents(summary.refunds) - cents(before.refunds)).toBe(2000);
    expect(cents(summary.totalRevenue) - cents(before.totalRevenue)).toBe(6688);

    const analytics = (await admin.call('GET', '/api/analytics')).json();
    expect(cents(analytics.business.grossRevenue) - cents(beforeAnalytics.business.grossRevenue)).toBe(8688);
    expect(cents(analytics.business.refunds) - cents(beforeAnalytics.business.refunds)).toBe(2000);
    expect(cents(analytics.business.totalRevenue) - cents(beforeAnalytics.business.totalRevenue)).toBe(6688);
    expect(cents(analytics.business.last7DaysRevenue) - cents(beforeAnalytics.business.last7DaysRevenue)).toBe(6688);
    const today = (d: { daily: { revenue: string }[] }) => cents(d.daily.at(-1)?.revenue ?? '0');
    expect(today(analytics) - today(beforeAnalytics)).toBe(6688);

    // A cancelled order that was paid stays in gross, its refund in refunds: net 0 for it.
    await admin.call('POST', `/api/orders/${order.id}/cancel`, {});
    const cancelled = (await admin.call('GET', '/api/orders/summary')).json() as OrdersSummary;
    expect(cents(cancelled.grossRevenue) - cents(before.grossRevenue)).toBe(8688);
    expect(cents(cancelled.totalRevenue) - cents(before.totalRevenue)).toBe(0);
    expect(cancelled.byStatus.cancelled).toBeGreaterThanOrEqual(1);
  });
});
