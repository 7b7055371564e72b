import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, OrdersSummary } from '#shared/admin.ts';
import type { OrderEvent } from '#shared/order-events.ts';
import { ADMIN, ORIGIN, signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { FAKE_KEYS, type FakeStripe } from '../support/fake-stripe.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Stripe's disputes (docs/decisions/0059), through the real `stripe` SDK against the local fake of
 * Stripe, on PGlite and on PostgreSQL: the dispute test card's `charge.dispute.*` webhooks mark the
 * order (the Disputes list and its count, the order's history), e-mail the owner once per dispute,
 * count a lost dispute out of revenue once, refuse labels until the owner allows them, and never
 * go back on what a newer event said. Live keys, so revenue counts the orders.
 */
const OWNER = 'owner@ironwake.test';
let fake: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let stripeClient: Stripe;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: Awaited<ReturnType<typeof startStripeStore>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  store = await startStripeStore({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    STRIPE_SECRET_KEY: FAKE_KEYS.liveSecretKey,
    OWNER_EMAIL: OWNER,
    SMTP_URL: smtp.url,
  });
  ({ fake, t, stripeClient } = store);
  admin = await signedIn(t.app);
});
afterAll(async () => {
  await store?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await setInventory(t.app, 5, 250);
});

/** A Stripe-paid order of 2 single bottles (41.89), paid with `method`. */
async function paidWith(method: string): Promise<{ order: AdminOrder; paymentIntentId: string }> {
  const s = shopper(t.app);
  await s.add(5, 2);
  const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  await s.ship(paymentIntentId);
  await stripeClient.paymentIntents.confirm(paymentIntentId, { payment_method: method });
  expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
  const row = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!row) throw new Error('no order');
  return { order: await t.app.services.orders.adminOrder(row.id), paymentIntentId };
}

/** An order paid with Stripe's dispute test card, and the dispute Stripe opened on it. */
async function disputed() {
  const paid = await paidWith('pm_card_createDispute');
  const dispute = [...fake.disputes.values()].find((d) => d.payment_intent === paid.paymentIntentId);
  if (!dispute) throw new Error('the fake opened no dispute');
  return { ...paid, dispute };
}

const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const orderOf = (id: number) => t.app.services.orders.adminOrder(id);
const summary = async () => (await admin.call('GET', '/api/orders/summary')).json() as OrdersSummary;
const timeline = async (id: number) => (await admin.call('GET', `/api/orders/${id}/timeline`)).json() as OrderEvent[];
const disputeMails = (orderId: number) =>
  smtp.received.filter((m) => (m.subject ?? '').startsWith(`Order #${orderId} is disputed`));
const override = (id: number | string, body: unknown) => admin.call('POST', `/api/admin/orders/${id}/dispute-override`, body);
/** Revenue as every figure shows it, in cents: the summary card, the analytics' total and the last 7 days. */
async function revenue() {
  const a = (await admin.call('GET', '/api/analytics')).json();
  const cents = (v: string) => Math.round(Number(v) * 100);
  return {
    summary: cents((await summary()).totalRevenue),
    analytics: cents(a.business.totalRevenue),
    last7: cents(a.business.last7DaysRevenue),
  };
}
const lessBy = (before: Awaited<ReturnType<typeof revenue>>, cents: number) => ({
  summary: before.summary - cents,
  analytics: before.analytics - cents,
  last7: before.last7 - cents,
});

describe('a dispute opened by the bank', () => {
  it('marks the order, counts it in the Disputes list, tells its history, and e-mails the owner once however often it arrives', async () => {
    const before = await summary();
    const { order, dispute } = await disputed();
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amount: 4189, is_charge_refundable: false });

    const created = fake.disputeEvent(dispute.id, 'charge.dispute.created');
    expect((await webhook(created)).statusCode).toBe(200);
    // The same event again, and the same dispute in another delivery of it.
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await webhook(fake.disputeEvent(dispute.id, 'charge.dispute.created'))).statusCode).toBe(200);
    expect((await webhook(fake.disputeEvent(dispute.id, 'charge.dispute.funds_withdrawn'))).statusCode).toBe(200);

    const marked = await orderOf(order.id);
    expect(marked.dispute).toMatchObject({
      labelsBlocked: true,
      overriddenAt: null,
      disputes: [
        {
          id: dispute.id,
          amount: '41.89',
          reason: 'fraudulent',
          status: 'needs_response',
          outcome: null,
          stripeUrl: `https://dashboard.stripe.com/disputes/${dispute.id}`,
          evidenceDueBy: new Date((dispute.evidence_details.due_by ?? 0) * 1000).toISOString(),
        },
      ],
    });
    expect(marked.dispute?.labelsBlockedReason).toMatch(/^This order is disputed: /);
    expect(await count(t.app, 'order_disputes', `id = '${dispute.id}'`)).toBe(1);

    const list = (await admin.call('GET', '/api/orders?filter=disputes')).json() as AdminOrder[];
    expect(list.map((o) => o.id)).toContain(order.id);
    expect(list.every((o) => o.dispute !== null)).toBe(true);
    const after = await summary();
    expect(after.byFilter.disputes).toBe(before.byFilter.disputes + 1);
    expect(after.byFilter.disputes).toBe(list.length);
    // The other lists answer as before.
    expect(after.byFilter['payment-problem']).toBe(before.byFilter['payment-problem']);
    expect(after.totalOrders).toBe(before.totalOrders + 1);

    const history = (await timeline(order.id)).filter((e) => e.type === 'disputed');
    expect(history.map((e) => e.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^Dispute ${dispute.id} opened for \\$41\\.89 \\(reason: fraudulent\\); evidence due by \\d{4}-\\d\\d-\\d\\d`),
      ),
      `Stripe withdrew $41.89 for dispute ${dispute.id}`,
    ]);

    expect(await eventually(async () => disputeMails(order.id).length === 1)).toBe(true);
    const mail = disputeMails(order.id)[0];
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(OWNER);
    expect(mail?.text).toContain(`https://dashboard.stripe.com/disputes/${dispute.id}`);
    expect(mail?.text).toContain(`${ORIGIN}/admin?tab=orders&q=${order.id}`);
    expect(mail?.text).toMatch(/Send your evidence in Stripe's dashboard before \w+, \w+ \d+, \d{4}/);
    expect(mail?.subject).toMatch(/ \(\$41\.89\), evidence due \d{4}-\d\d-\d\d$/);
    // Still one a while later: the outbox key is the dispute's.
    await new Promise((r) => setTimeout(r, 300));
    expect(disputeMails(order.id)).toHaveLength(1);
    expect(await count(t.app, 'mail_outbox', `key = 'dispute:${dispute.id}'`)).toBe(1);
  });

  it('the same dispute delivered ten times at once: one dispute, one history line, one e-mail', async () => {
    const { order, dispute } = await disputed();
    const created = fake.disputeEvent(dispute.id, 'charge.dispute.created');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => webhook(i % 2 ? created : fake.disputeEvent(dispute.id, 'charge.dispute.created'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await count(t.app, 'order_disputes', `id = '${dispute.id}'`)).toBe(1);
    expect(
      await count(t.app, 'order_events', `order_id = ${order.id} and type = 'disputed' and message like 'Dispute % opened%'`),
    ).toBe(1);
    expect(await count(t.app, 'mail_outbox', `key = 'dispute:${dispute.id}'`)).toBe(1);
    expect(await eventually(async () => disputeMails(order.id).length === 1)).toBe(true);
  });

  it('a dispute of a payment the store does not know is kept and answered 200, with no e-mail and no order touched', async () => {
    const { dispute, order } = await disputed();
    const orphan = { ...structuredClone(dispute), id: 'du_unknownPayment0001', payment_intent: 'pi_notAStoreOne0001' };
    fake.disputes.set(orphan.id, orphan);
    expect((await webhook(fake.disputeEvent(orphan.id, 'charge.dispute.created'))).statusCode).toBe(200);
    expect(await count(t.app, 'order_disputes', `id = '${orphan.id}' and order_id is null`)).toBe(1);
    expect(await count(t.app, 'mail_outbox', `key = 'dispute:${orphan.id}'`)).toBe(0);
    expect((await orderOf(order.id)).dispute).toBeNull();
  });
});

describe('events out of order', () => {
  it('a closed event before created ends lost; the late created and an older updated change nothing', async () => {
    const { order, dispute } = await disputed();
    const opened = fake.disputeEvent(dispute.id, 'charge.dispute.created');
    const [updated, closed] = fake.settleDispute(dispute.id, 'lost');
    expect(closed?.type).toBe('charge.dispute.closed');
    if (!updated || !closed) throw new Error('no events');

    expect((await webhook(closed)).statusCode).toBe(200);
    expect((await webhook(opened)).statusCode).toBe(200);
    expect((await webhook(updated)).statusCode).toBe(200);
    const o = await orderOf(order.id);
    expect(o.dispute?.disputes).toMatchObject([{ id: dispute.id, status: 'lost', outcome: 'lost' }]);
    expect(await count(t.app, 'orders', `id = ${order.id} and dispute_status = 'lost' and dispute_lost_cents = 4189`)).toBe(1);
    // The owner still hears of it once.
    expect(await eventually(async () => disputeMails(order.id).length === 1)).toBe(true);
  });

  it('an updated event older than the one read keeps the newer status', async () => {
    const { order, dispute } = await disputed();
    const opened = fake.disputeEvent(dispute.id, 'charge.dispute.created');
    const [review, won] = fake.settleDispute(dispute.id, 'won');
    if (!review || !won) throw new Error('no events');
    for (const e of [opened, won, review, opened]) expect((await webhook(e)).statusCode).toBe(200);
    expect((await orderOf(order.id)).dispute?.disputes[0]).toMatchObject({ status: 'won', outcome: 'won' });
  });
});

describe('money', () => {
  it('a lost dispute lowers revenue by its amount, once', async () => {
    const before = await revenue();
    const { dispute } = await disputed();
    const paid = await revenue();
    expect(paid).toEqual(lessBy(before, -4189));
    expect((await webhook(fake.disputeEvent(dispute.id, 'charge.dispute.created'))).statusCode).toBe(200);
    // Open: nothing counted out yet.
    expect(await revenue()).toEqual(paid);
    const events = fake.settleDispute(dispute.id, 'lost');
    for (const e of [...events, ...events]) expect((await webhook(e)).statusCode).toBe(200);
    expect(await revenue()).toEqual(before);
  });

  it('after a partial refund, a lost dispute of the whole payment takes out only what the refund left', async () => {
    const before = await revenue();
    const { order, paymentIntentId } = await paidWith('pm_card_visa');
    expect((await admin.call('POST', `/api/orders/${order.id}/refunds`, { amount: '10.00' })).statusCode).toBe(201);
    expect(await revenue()).toEqual(lessBy(before, -3189));
    const dispute = fake.openDispute(paymentIntentId);
    expect(dispute.amount).toBe(4189);
    for (const e of [fake.disputeEvent(dispute.id, 'charge.dispute.created'), ...fake.settleDispute(dispute.id, 'lost')]) {
      expect((await webhook(e)).statusCode).toBe(200);
    }
    expect(await revenue()).toEqual(before);
    expect((await orderOf(order.id)).refundedTotal).toBe('10.00');
  });

  it('a won dispute counts nothing out', async () => {
    const before = await revenue();
    const { dispute } = await disputed();
    const paid = await revenue();
    for (const e of [fake.disputeEvent(dispute.id, 'charge.dispute.created'), ...fake.settleDispute(dispute.id, 'won')]) {
      expect((await webhook(e)).statusCode).toBe(200);
    }
    expect(fake.disputes.get(dispute.id)?.status).toBe('won');
    expect(await revenue()).toEqual(paid);
    expect(paid).toEqual(lessBy(before, -4189));
  });

  it('refuses a refund while the dispute is open and after it is lost; allows one once it is won', async () => {
    const { order, dispute } = await disputed();
    expect((await webhook(fake.disputeEvent(dispute.id, 'charge.dispute.created'))).statusCode).toBe(200);
    const open = await admin.call('POST', `/api/orders/${order.id}/refunds`, { amount: '5.00' });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/^This order is disputed: Stripe does not refund a disputed payment/);
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(0);

    const other = await disputed();
    for (const e of [
      fake.disputeEvent(other.dispute.id, 'charge.dispute.created'),
      ...fake.settleDispute(other.dispute.id, 'lost'),
    ]) {
      await webhook(e);
    }
    const lost = await admin.call('POST', `/api/orders/${other.order.id}/refunds`, { amount: '5.00' });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toMatch(/dispute was lost/);

    const won = await disputed();
    for (const e of [fake.disputeEvent(won.dispute.id, 'charge.dispute.created'), ...fake.settleDispute(won.dispute.id, 'won')]) {
      await webhook(e);
    }
    const after = await admin.call('POST', `/api/orders/${won.order.id}/refunds`, { amount: '5.00' });
    expect(after.statusCode, after.body).toBe(201);
    expect((await orderOf(won.order.id)).refundedTotal).toBe('5.00');
  });
});

describe('labels of a disputed order', () => {
  it('are refused with 409 until the owner allows them, which the history records; sent again it changes nothing', async () => {
    const { order, dispute } = await disputed();
    const plain = await paidWith('pm_card_visa');
    expect((await webhook(fake.disputeEvent(dispute.id, 'charge.dispute.created'))).statusCode).toBe(200);

    for (const [method, url] of [
      ['POST', `/api/orders/${order.id}/rates`],
      ['POST', `/api/orders/${order.id}/create-label`],
    ] as const) {
      const res = await admin.call(method, url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toMatch(/^This order is disputed: /);
    }
    expect((await orderOf(order.id)).trackingNumber).toBeNull();
    // The packing slip is not a label.
    expect((await admin.call('GET', `/api/orders/${order.id}/packing-slip`)).statusCode).toBe(200);
    // An order without a dispute has nothing to override.
    const none = await override(plain.order.id, { confirm: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no open or lost dispute/);

    const ok = await override(order.id, { confirm: true, note: 'Customer called: the parcel is a gift' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ labelsBlocked: false, labelsBlockedReason: null });
    expect((await override(order.id, { confirm: true })).statusCode).toBe(200);
    const lines = (await timeline(order.id)).filter((e) => e.type === 'dispute_override');
    expect(lines).toEqual([
      expect.objectContaining({
        actor: ADMIN.username,
        message: 'Labels allowed despite the dispute: Customer called: the parcel is a gift',
      }),
    ]);
    const label = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.json().order.trackingNumber).toBeTruthy();
    expect((await admin.call('GET', `/api/orders/${order.id}/label`)).statusCode).toBe(200);
  });

  it('a lost dispute refuses labels too, and an order with a label already cannot print it again', async () => {
    const { order, dispute } = await disputed();
    expect((await admin.call('POST', `/api/orders/${order.id}/create-label`)).statusCode).toBe(200);
    for (const e of [fake.disputeEvent(dispute.id, 'charge.dispute.created'), ...fake.settleDispute(dispute.id, 'lost')]) {
      await webhook(e);
    }
    const again = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This order is disputed: the dispute was lost/);
    expect((await admin.call('GET', `/api/orders/${order.id}/label`)).statusCode).toBe(409);
  });

  it('the override refuses what is not a confirmed request for an order, writing nothing', async () => {
    const { order, dispute } = await disputed();
    await webhook(fake.disputeEvent(dispute.id, 'charge.dispute.created'));
    const bad: [string | number, unknown, number][] = [
      [order.id, {}, 400],
      [order.id, { confirm: false }, 400],
      [order.id, { confirm: 'true' }, 400],
      [order.id, { confirm: true, note: 'x'.repeat(501) }, 400],
      [order.id, { confirm: true, note: 'bad\u0000note' }, 400],
      [order.id, { confirm: true, extra: 1 }, 400],
      [order.id, [], 400],
      ['abc', { confirm: true }, 400],
      ['-1', { confirm: true }, 400],
      [2_147_483_647, { confirm: true }, 404],
    ];
    for (const [id, body, status] of bad) {
      const res = await override(id, body);
      expect(res.statusCode, JSON.stringify([id, body])).toBe(status);
      expect(typeof res.json().message).toBe('string');
    }
    // Not signed in, or from another site.
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/dispute-override`,
      headers: { origin: ORIGIN },
      payload: { confirm: true },
    });
    expect(stranger.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/dispute-override`,
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: { confirm: true },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await orderOf(order.id)).dispute?.overriddenAt).toBeNull();
    expect((await timeline(order.id)).some((e) => e.type === 'dispute_override')).toBe(false);
  });
});

describe('webhooks that are not Stripe’s dispute events', () => {
  it('unsigned, forged or malformed: 400 and nothing written', async () => {
    const { order, dispute } = await disputed();
    const { payload } = fake.disputeEvent(dispute.id, 'charge.dispute.created');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await webhook({ payload, signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(400);
    // Signed with another secret.
    const { default: StripeSdk } = await import('stripe');
    const otherSecret = StripeSdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await webhook({ payload, signature: otherSecret })).statusCode).toBe(400);

    const event = JSON.parse(payload);
    for (const broken of [
      { ...event.data.object, status: 'maybe' },
      { ...event.data.object, amount: -1 },
      { ...event.data.object, amount: '41.89' },
      { ...event.data.object, id: 'du_<script>' },
      { ...event.data.object, charge: null },
      { ...event.data.object, is_charge_refundable: 'no' },
      { ...event.data.object, evidence_details: { due_by: 'tomorrow' } },
      'not an object',
    ]) {
      const body = JSON.stringify({ ...event, id: `evt_${Math.random().toString(36).slice(2)}`, data: { object: broken } });
      const signature = StripeSdk.webhooks.generateTestHeaderString({ payload: body, secret: FAKE_KEYS.webhookSecret });
      const res = await webhook({ payload: body, signature });
      expect(res.statusCode, JSON.stringify(broken)).toBe(400);
      expect(res.json().message).toMatch(/dispute object is malformed/);
    }
    expect(await count(t.app, 'order_disputes', `id = '${dispute.id}'`)).toBe(0);
    expect(await count(t.app, 'mail_outbox', `key = 'dispute:${dispute.id}'`)).toBe(0);
    expect((await orderOf(order.id)).dispute).toBeNull();
  });
});
