import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '#shared/admin.ts';
import type { OrderEvent } from '#shared/order-events.ts';
import type { OrderRefunds } from '#shared/refunds.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { count, inventoryOf, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Refunds through Stripe (issue "Run the business", item 1): the real `stripe` SDK against the local
 * fake of Stripe's API, on PGlite and on PostgreSQL. A refund is asked with its own idempotency key,
 * a lost answer is asked again without refunding twice, Stripe's refusal writes nothing, and the
 * `charge.refunded` / `refund.*` webhooks are recorded once, including refunds made in Stripe's dashboard.
 */
let fake: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let stripeClient: Stripe;

let store: Awaited<ReturnType<typeof startStripeStore>>;
beforeAll(async () => {
  store = await startStripeStore({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  ({ fake, t, stripeClient } = store);
  admin = await signedIn(t.app);
});
afterAll(() => store?.close());
beforeEach(async () => {
  fake.down = false;
  await setInventory(t.app, 5, 250);
});

/** A Stripe-paid order of 2 single bottles: 2 × 18.99 + 3.91 shipping = 41.89. */
async function paidAtStripe(): Promise<{ order: AdminOrder; paymentIntentId: string }> {
  const s = shopper(t.app);
  await s.add(5, 2);
  const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  await s.ship(paymentIntentId);
  await stripeClient.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
  expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
  const row = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!row) throw new Error('no order');
  return { order: await t.app.services.orders.adminOrder(row.id), paymentIntentId };
}

const refund = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  admin.call('POST', `/api/orders/${id}/refunds`, body, headers);
const refundCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const orderOf = (id: number) => t.app.services.orders.adminOrder(id);
const timeline = async (id: number) => (await admin.call('GET', `/api/orders/${id}/timeline`)).json() as OrderEvent[];
const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

describe('refunds through Stripe', () => {
  it('asks Stripe for the amount with the refund’s own idempotency key and keeps Stripe’s refund id', async () => {
    const { order, paymentIntentId } = await paidAtStripe();
    const before = refundCalls().length;
    const stock = await inventoryOf(t.app, 5);
    const res = await refund(order.id, { items: [{ productId: 5, quantity: 1, restock: true }], reason: 'Leaked' });
    expect(res.statusCode, res.body).toBe(201);
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toMatchObject({
      payment_intent: paymentIntentId,
      amount: '1899',
      metadata: { refund_ref: String(res.json().id) },
    });
    expect(calls[0]?.idempotencyKey).toBe(`store-refund-${res.json().id}`);
    const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);
    expect(atStripe.map((r) => r.amount)).toEqual([1899]);
    expect(await count(t.app, 'order_refunds', `provider_refund_id = '${atStripe[0]?.id}' and status = 'succeeded'`)).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(stock + 1);

    // Stripe's own webhooks about that refund change nothing more.
    for (const type of ['charge.refunded', 'refund.created'] as const) {
      expect((await webhook(fake.refundEvent(atStripe[0]?.id ?? '', type))).statusCode).toBe(200);
    }
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('18.99');
    expect(await inventoryOf(t.app, 5)).toBe(stock + 1);
  });

  it('when Stripe does not answer: 503, the refund stays pending and is asked again with the same key — one refund at Stripe', async () => {
    const { order, paymentIntentId } = await paidAtStripe();
    fake.down = true;
    const res = await refund(order.id, { amount: '5.00' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/refund is recorded as pending/);
    expect((await orderOf(order.id)).refundedTotal).toBe('5.00');
    // Nothing more than is left can be refunded meanwhile.
    fake.down = false;
    const over = await refund(order.id, { amount: '36.90' });
    expect(over.statusCode).toBe(409);

    await t.app.database.db.execute(
      // The sweep asks for refunds left unanswered a minute.
      sql`update order_refunds set created_at = now() - interval '2 minutes' where order_id = ${order.id}`,
    );
    expect(await t.app.services.checkout.retryPendingRefunds()).toBe(1);
    expect(await t.app.services.checkout.retryPendingRefunds()).toBe(0);
    const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);
    expect(atStripe.map((r) => r.amount)).toEqual([500]);
    const keys = new Set(
      refundCalls()
        .filter((c) => c.params.payment_intent === paymentIntentId)
        .map((c) => c.idempotencyKey),
    );
    expect(keys.size).toBe(1);
    const state = (await admin.call('GET', `/api/orders/${order.id}/refunds`)).json() as OrderRefunds;
    expect(state.refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect(state.refundedTotal).toBe('5.00');
  });

  it('when Stripe refuses (refunded already in its dashboard): 409 with Stripe’s reason, and the amount is refundable again', async () => {
    const { order, paymentIntentId } = await paidAtStripe();
    fake.refundFromDashboard(paymentIntentId, 4000);
    const stock = await inventoryOf(t.app, 5);
    const res = await refund(order.id, { items: [{ productId: 5, quantity: 1, restock: true }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^The payment provider refused the refund: Refund amount \(\$18\.99\) is greater than unrefunded amount/,
    );
    expect(await inventoryOf(t.app, 5)).toBe(stock);
    expect((await orderOf(order.id)).refundedTotal).toBe('0.00');
    expect((await timeline(order.id)).some((e) => e.type === 'refund_failed')).toBe(true);
  });

  it('records a refund made in Stripe’s dashboard once, from its webhook, without restocking', async () => {
    const { order, paymentIntentId } = await paidAtStripe();
    const stock = await inventoryOf(t.app, 5);
    const made = fake.refundFromDashboard(paymentIntentId, 1000);
    const charge = fake.refundEvent(made.id, 'charge.refunded', 'evt_dashboard_refund_1');
    expect((await webhook(charge)).statusCode).toBe(200);
    expect((await webhook(charge)).statusCode).toBe(200); // replayed
    expect((await webhook(fake.refundEvent(made.id, 'refund.created'))).statusCode).toBe(200);
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(1);
    expect((await orderOf(order.id)).refundedTotal).toBe('10.00');
    expect(await inventoryOf(t.app, 5)).toBe(stock);
    const events = (await timeline(order.id)).filter((e) => e.type === 'refunded');
    expect(events.map((e) => [e.message, e.actor])).toEqual([
      ["Refunded $10.00 in the payment provider's dashboard", 'payment provider'],
    ]);
    expect(
      await eventually(
        async () => t.app.mailer.sent.filter((m) => m.subject === `Refund for your Ironwake order #${order.id}`).length === 1,
      ),
    ).toBe(true);

    // The rest refunded there too: the order reads refunded.
    const rest = fake.refundFromDashboard(paymentIntentId, 3189);
    expect((await webhook(fake.refundEvent(rest.id, 'refund.created'))).statusCode).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refundedTotal: '41.89' });
  });

  it('a refund that fails later (refund.updated): the amount is refundable again and the order reads as before', async () => {
    const { order } = await paidAtStripe();
    const res = await refund(order.id, { amount: '41.89' });
    expect(res.statusCode).toBe(201);
    expect((await orderOf(order.id)).status).toBe('refunded');
    const [atStripe] = [...fake.refunds.values()].filter((r) => r.metadata.refund_ref === String(res.json().id));
    fake.failRefund(atStripe?.id ?? '');
    const failed = fake.refundEvent(atStripe?.id ?? '', 'refund.updated', 'evt_refund_failed_1');
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await webhook(failed)).statusCode).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refundedTotal: '0.00' });
    const events = (await timeline(order.id)).filter((e) => e.type === 'refund_failed');
    expect(events.map((e) => e.message)).toEqual(['Refund of $41.89 failed: expired_or_canceled_card']);
  });

  it('cancelling a Stripe-paid order refunds it in full at Stripe once', async () => {
    const { order, paymentIntentId } = await paidAtStripe();
    const answers = await Promise.all([
      admin.call('POST', `/api/orders/${order.id}/cancel`, {}),
      admin.call('POST', `/api/orders/${order.id}/cancel`, {}),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'cancelled', refundedTotal: '41.89' });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([4189]);
  });

  it('cancelling an unpaid Stripe checkout cancels its PaymentIntent', async () => {
    const s = shopper(t.app);
    await s.add(5, 1);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    const row = await t.app.services.orders.byPaymentId(paymentIntentId);
    const res = await admin.call('POST', `/api/orders/${row?.id}/cancel`, { reason: 'Test order' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.intents.get(paymentIntentId)?.status).toBe('canceled');
    expect(res.json().status).toBe('cancelled');
  });
});
