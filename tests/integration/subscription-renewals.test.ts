import { parseCents } from '#shared/money.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMOTE_ADDRESS_MESSAGE } from '#shared/ground-only.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { ORIGIN, ownerStore, type signedIn } from '../support/admin.ts';
import { newSessionId } from '../support/app.ts';
import type { TestApp } from '../support/app.ts';
import { inventoryOf, setInventory } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { mailsTo, renewalCharges, renewalOrders, subscriptionRow } from '../support/renewals.ts';
import { subscribedShopper } from '../support/subscriptions.ts';

/**
 * Subscription renewals (issue 31, items 2 and 3; docs/decisions/0053): the minute sweep makes each
 * due renewal once, at that day's price less the discount, with shipping, stock and the confirmation
 * e-mail; a failure is retried three times, then the subscription pauses; each renewal is announced
 * 3 days before; "ask me first" waits for the shopper's confirmation; the terms are restated yearly.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({ RATE_LIMIT_CART_PER_MINUTE: '100000' }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
});

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const sweep = () => t.app.services.subscriptions.notices.sweep().then(() => t.app.services.subscriptions.renewals.sweep());
const db = () => t.app.database.db;

async function setPrice(productId: number, cents: number): Promise<void> {
  await db().execute(sql`update products set price_cents = ${cents} where id = ${productId}`);
  await t.app.services.catalog.catalogChanged();
}
async function mailTo(email: string, subject: RegExp) {
  expect(await eventually(async () => mailsTo(t.app, email).some((m) => subject.test(m.subject)))).toBe(true);
  return mailsTo(t.app, email).filter((m) => subject.test(m.subject));
}
/** Lets what the outbox was handing over arrive, then how many of these e-mails there are. */
async function settledCount(email: string, subject: RegExp): Promise<number> {
  await t.app.services.outbox.sweep();
  await new Promise((r) => setTimeout(r, 200));
  return mailsTo(t.app, email).filter((m) => subject.test(m.subject)).length;
}
/** The token of the subscription page link in an e-mail (with `?action=…` when named). */
function tokenIn(text: string, action?: string): string {
  const m = new RegExp(
    `http://store\\.test/subscriptions/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)${action ? `\\?action=${action}` : ''}`,
  ).exec(text);
  if (!m?.[1]) throw new Error(`no subscription link${action ? ` for ${action}` : ''} in:\n${text}`);
  return m[1];
}
/** The subscription a link's token names, as the store reads it back. */
const linkedSubscription = (text: string, action?: string) => t.app.services.subscriptions.idOfToken(tokenIn(text, action));

async function timeline(orderId: number): Promise<string[]> {
  const res = await admin.call('GET', `/api/orders/${orderId}/timeline`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { message: string }[]).map((e) => e.message);
}

describe('a due renewal', () => {
  it('is one paid order at today’s price less the discount, its stock taken, confirmed by e-mail, the next date an interval on', async () => {
    const due = ago(60_000);
    const s = await subscribedShopper(t.app, { quantity: 2, discountPercent: 10, intervalWeeks: 4, nextRenewalAt: due });
    await setPrice(5, 2099); // 18.89 less 10%, half up
    const stock = await inventoryOf(t.app, 5);

    await sweep();
    await sweep();

    const orders = await renewalOrders(t.app, s.subscriptionId);
    expect(orders).toHaveLength(1);
    const [o] = orders;
    if (!o) throw new Error('no renewal');
    expect(o.status).toBe('paid');
    expect(o.subtotal).toBe(2 * 1889);
    expect(o.total).toBe(o.subtotal + o.shipping + o.tax);
    expect(o.paymentId).toMatch(/^pi_/);
    expect(await renewalCharges(t.app, s.subscriptionId)).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(stock - 2);
    const row = await subscriptionRow(t.app, s.subscriptionId);
    expect(row.nextRenewalAt.getTime()).toBe(due.getTime() + 28 * DAY);
    expect(row.failedAttempts).toBe(0);

    const [confirmation] = await mailTo(s.email, new RegExp(`subscription order #${o.id} is confirmed`));
    expect(confirmation?.text).toContain('2 × Single Bottle  $37.78');
    expect(confirmation?.text).toContain('This is your subscription order');
    expect(await timeline(o.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(`^Renewal of subscription ${s.subscriptionId}: 2 items`)]),
    );
    // The owner's order list shows it like any order, marked as the subscription's renewal; the first order is not one.
    const list = await admin.call('GET', `/api/orders?q=${encodeURIComponent(s.email)}`);
    const listed = list.json<{ id: number; renewalOf: number | null }[]>();
    expect(listed.find((x) => x.id === o.id)?.renewalOf).toBe(s.subscriptionId);
    expect(listed.find((x) => x.id === s.firstOrderId)?.renewalOf).toBeNull();
    await setPrice(5, 1899);
  });

  it('charges the unit price the cart, the checkout and the subscription page quote, to the cent, on a half cent', async () => {
    // 10.05 less 10 %: 1.005 off rounds half up to 1.01, 9.04 a unit, wherever it is priced.
    await setPrice(5, 1005);
    await db().execute(
      sql`update products set subscription_intervals_weeks = '[4]', subscription_discount_percent = 10 where id = 5`,
    );
    try {
      const s = await subscribedShopper(t.app, { nextRenewalAt: ago(60_000) });
      const cart = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { sessionId: newSessionId(), productId: 5, quantity: 1, subscription: { intervalWeeks: 4 } },
      });
      expect(cart.json().unitPrice).toBe('9.04');
      const page = await t.app.inject({ method: 'GET', url: `/api/subscriptions/${s.token}` });
      expect(page.json().items[0].unitPrice).toBe('9.04');
      await sweep();
      const [o] = await renewalOrders(t.app, s.subscriptionId);
      expect(o?.subtotal).toBe(904);
    } finally {
      await setPrice(5, 1899);
    }
  });

  it('counts in the Analytics tab’s renewals when paid live: orders and revenue net of refunds and sales tax', async () => {
    const figures = async () =>
      (await admin.call('GET', '/api/analytics?range=7d')).json<{ renewals: { orders: number; revenue: string } }>().renewals;
    const before = await figures();
    const s = await subscribedShopper(t.app, { nextRenewalAt: ago(60_000) });
    await sweep();
    const [o] = await renewalOrders(t.app, s.subscriptionId);
    if (!o) throw new Error('no renewal');
    // A test payment counts nothing; the same order paid live counts, without its tax and less its refund.
    expect(await figures()).toEqual(before);
    await db().execute(sql`update orders set payment_mode = 'live', tax_cents = 150, refunded_cents = 100 where id = ${o.id}`);
    const after = await figures();
    expect(after.orders).toBe(before.orders + 1);
    const { rows } = (await db().execute(sql`select total_cents from orders where id = ${o.id}`)) as unknown as {
      rows: { total_cents: number }[];
    };
    const net = Number(rows[0]?.total_cents) - 100 - 150;
    expect(parseCents(after.revenue) - parseCents(before.revenue)).toBe(net);
  });

  it('is not made before its date, nor for a paused or cancelled subscription', async () => {
    const later = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 10 * DAY) });
    const paused = await subscribedShopper(t.app, { nextRenewalAt: ago(DAY) });
    const cancelled = await subscribedShopper(t.app, { nextRenewalAt: ago(DAY) });
    await db().execute(sql`update subscriptions set status = 'paused', paused_at = now() where id = ${paused.subscriptionId}`);
    await db().execute(
      sql`update subscriptions set status = 'cancelled', cancelled_at = now() where id = ${cancelled.subscriptionId}`,
    );
    await sweepEveryMinute(t.app);
    for (const s of [later, paused, cancelled]) expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
  });

  it('finishes a renewal whose process stopped between the charge and the order: one charge, one paid order', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: ago(60_000) });
    const payments = t.app.services.payments;
    const real = payments.chargeSaved;
    payments.chargeSaved = async (input) => {
      await real(input);
      throw new Error('the process stopped');
    };
    try {
      await sweep();
    } finally {
      payments.chargeSaved = real;
    }
    expect((await renewalOrders(t.app, s.subscriptionId)).map((o) => o.status)).toEqual(['pending']);
    await sweep(); // a charge under way is left alone
    expect((await renewalOrders(t.app, s.subscriptionId)).map((o) => o.status)).toEqual(['pending']);
    await db().execute(
      sql`update orders set created_at = now() - interval '10 minutes' where subscription_id = ${s.subscriptionId}`,
    );
    await sweep();
    expect((await renewalOrders(t.app, s.subscriptionId)).map((o) => o.status)).toEqual(['paid']);
    expect(await renewalCharges(t.app, s.subscriptionId)).toBe(1);
    expect((await subscriptionRow(t.app, s.subscriptionId)).nextRenewalAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a failed renewal', () => {
  it('closes its order unpaid with its stock back, e-mails the shopper the page link, and is tried again 2 days later', async () => {
    const due = ago(60_000);
    const s = await subscribedShopper(t.app, { nextRenewalAt: due, declines: true, quantity: 3 });
    const stock = await inventoryOf(t.app, 5);
    await sweep();
    const [o] = await renewalOrders(t.app, s.subscriptionId);
    expect(o).toMatchObject({ status: 'pending', paidAt: null });
    expect(o?.expiredAt).not.toBeNull();
    expect(await inventoryOf(t.app, 5)).toBe(stock);
    const row = await subscriptionRow(t.app, s.subscriptionId);
    expect(row).toMatchObject({ status: 'active', failedAttempts: 1, lastFailure: 'Your card was declined.' });
    expect(row.retryAt?.getTime()).toBe(due.getTime() + 2 * DAY);
    const [mail] = await mailTo(s.email, /could not process/);
    expect(mail?.text).toContain('Your card was declined.');
    expect(linkedSubscription(mail?.text ?? '')).toBe(s.subscriptionId);
    await sweep(); // not again before the retry
    expect(await renewalOrders(t.app, s.subscriptionId)).toHaveLength(1);
  });

  it('pauses the subscription, with an e-mail, when the third retry fails too', async () => {
    const due = ago(60_000);
    const s = await subscribedShopper(t.app, { nextRenewalAt: due, declines: true });
    await sweep();
    const retries: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      retries.push(((await subscriptionRow(t.app, s.subscriptionId)).retryAt?.getTime() ?? 0) - due.getTime());
      await db().execute(sql`update subscriptions set retry_at = now() - interval '1 minute' where id = ${s.subscriptionId}`);
      await sweep();
    }
    expect(retries).toEqual([2 * DAY, 4 * DAY, 7 * DAY]);
    const row = await subscriptionRow(t.app, s.subscriptionId);
    expect(row).toMatchObject({ status: 'paused', failedAttempts: 4, retryAt: null });
    expect(row.pausedAt).not.toBeNull();
    expect(await renewalOrders(t.app, s.subscriptionId)).toHaveLength(4);
    expect((await renewalOrders(t.app, s.subscriptionId)).every((o) => o.paidAt === null && o.expiredAt !== null)).toBe(true);
    await mailTo(s.email, /paused/);
    expect(await settledCount(s.email, /could not process/)).toBe(3);
    await sweep();
    expect(await renewalOrders(t.app, s.subscriptionId)).toHaveLength(4);
  });

  it('out of stock: no order, a failure of its own retried like a declined card', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: ago(60_000), quantity: 2 });
    await setInventory(t.app, 5, 1);
    await sweep();
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
    const row = await subscriptionRow(t.app, s.subscriptionId);
    expect(row.failedAttempts).toBe(1);
    expect(row.lastFailure).toMatch(/left in stock/);
    expect(row.retryAt).not.toBeNull();
    expect(await inventoryOf(t.app, 5)).toBe(1);
    const [mail] = await mailTo(s.email, /could not process/);
    expect(mail?.text).toMatch(/left in stock/);
    // Stock back, retry due: renewed.
    await setInventory(t.app, 5, 100);
    await db().execute(sql`update subscriptions set retry_at = now() - interval '1 minute' where id = ${s.subscriptionId}`);
    await sweep();
    expect((await renewalOrders(t.app, s.subscriptionId)).map((o) => o.status)).toEqual(['paid']);
    expect((await subscriptionRow(t.app, s.subscriptionId)).failedAttempts).toBe(0);
  });

  it('a ground-only product does not ship to an address the store no longer ships it to', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: ago(60_000) });
    await db().execute(
      sql`update subscriptions set shipping_state = 'AK', shipping_city = 'Anchorage', shipping_zip = '99501' where id = ${s.subscriptionId}`,
    );
    await db().execute(sql`update products set shipping_class = 'limited-quantity' where id = 5`);
    await t.app.services.catalog.catalogChanged();
    try {
      await sweep();
    } finally {
      await db().execute(sql`update products set shipping_class = 'standard' where id = 5`);
      await t.app.services.catalog.catalogChanged();
    }
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
    expect((await subscriptionRow(t.app, s.subscriptionId)).lastFailure).toBe(REMOTE_ADDRESS_MESSAGE);
  });
});

describe('notices', () => {
  it('announce a renewal once, 3 days before, with Skip, Change date and Cancel links to the subscription page', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 2 * DAY) });
    const far = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 5 * DAY) });
    await sweep();
    await sweep();
    const [notice] = await mailTo(s.email, /Your next order ships on/);
    for (const action of ['skip', 'change-date', 'cancel']) {
      expect(linkedSubscription(notice?.text ?? '', action)).toBe(s.subscriptionId);
      expect(linkedSubscription(notice?.html ?? '', action)).toBe(s.subscriptionId);
    }
    expect(notice?.text).not.toContain('action=confirm');
    expect(notice?.text).toMatch(/1 × .+\s+\$\d+\.\d\d/);
    expect(await settledCount(s.email, /Your next order ships on/)).toBe(1);
    expect(await settledCount(far.email, /Your next order/)).toBe(0);
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
  });
});

describe('ask me first', () => {
  it('is not charged until the shopper confirms from the notice', async () => {
    const s = await subscribedShopper(t.app, { askFirst: true });
    // A date as the database keeps it, to the microsecond (a date changed in SQL).
    await db().execute(
      sql`update subscriptions set next_renewal_at = now() - interval '1 minute' where id = ${s.subscriptionId}`,
    );
    await sweep();
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
    const [notice] = await mailTo(s.email, /Confirm your order/);
    const token = tokenIn(notice?.text ?? '', 'confirm');

    const bad = await t.app.inject({ method: 'POST', url: '/api/subscriptions/not-a-token/confirm' });
    expect(bad.statusCode).toBe(404);
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${s.token}/confirm`,
      payload: { for: new Date(Date.now() + DAY).toISOString() },
    });
    expect(stale.statusCode).toBe(409);
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);

    const ok = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${token}/confirm` });
    expect(ok.statusCode, ok.body).toBe(200);
    await sweep();
    expect((await renewalOrders(t.app, s.subscriptionId)).map((o) => o.status)).toEqual(['paid']);
  });

  it('skips an order left unconfirmed 7 days past its date, and says so', async () => {
    const due = ago(8 * DAY);
    const s = await subscribedShopper(t.app, { nextRenewalAt: due, askFirst: true, intervalWeeks: 2 });
    await sweep();
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
    expect((await subscriptionRow(t.app, s.subscriptionId)).nextRenewalAt.getTime()).toBe(due.getTime() + 14 * DAY);
    await mailTo(s.email, /We skipped your subscription order/);
  });

  it('a subscription that renews without asking has nothing to confirm', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 9 * DAY) });
    const res = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${s.token}/confirm` });
    expect(res.statusCode).toBe(409);
    const garbage = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${s.token}/confirm`,
      payload: { for: 'soon' },
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('the yearly reminder of the terms', () => {
  it('is sent once a year after the consent', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 20 * DAY) });
    const young = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 20 * DAY) });
    await db().execute(sql`update subscriptions set consent_at = now() - interval '366 days' where id = ${s.subscriptionId}`);
    await sweep();
    await sweep();
    const [mail] = await mailTo(s.email, /reminder of your subscription terms/);
    expect(mail?.text).toMatch(/every 4 weeks/);
    expect(mail?.text).toMatch(/10% subscription discount/);
    expect(linkedSubscription(mail?.text ?? '', 'cancel')).toBe(s.subscriptionId);
    expect(await settledCount(s.email, /reminder of your subscription terms/)).toBe(1);
    expect(await settledCount(young.email, /reminder of your subscription terms/)).toBe(0);
    expect((await subscriptionRow(t.app, s.subscriptionId)).termsRemindedAt).not.toBeNull();
  });
});

describe('POST /api/admin/subscriptions/:id/renew', () => {
  const renew = (id: number | string) => admin.call('POST', `/api/admin/subscriptions/${id}/renew`);

  it('makes the next renewal at once: 200 with the paid order', async () => {
    const s = await subscribedShopper(t.app, { nextRenewalAt: new Date(Date.now() + 10 * DAY), intervalWeeks: 4 });
    const before = Date.now();
    const res = await renew(s.subscriptionId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { orderId: number; total: string; nextRenewalAt: string };
    const [o] = await renewalOrders(t.app, s.subscriptionId);
    expect(body.orderId).toBe(o?.id);
    expect(o?.status).toBe('paid');
    expect(body.total).toBe(((o?.total ?? 0) / 100).toFixed(2));
    expect(new Date(body.nextRenewalAt).getTime()).toBeGreaterThanOrEqual(before + 28 * DAY);
  });

  it('409 for a paused or cancelled subscription, 404 for an unknown one, 409 with the reason for a declined card', async () => {
    const paused = await subscribedShopper(t.app);
    const cancelled = await subscribedShopper(t.app);
    await db().execute(sql`update subscriptions set status = 'paused' where id = ${paused.subscriptionId}`);
    await db().execute(sql`update subscriptions set status = 'cancelled' where id = ${cancelled.subscriptionId}`);
    const p = await renew(paused.subscriptionId);
    expect(p.statusCode).toBe(409);
    expect(p.json().message).toMatch(/paused/);
    expect((await renew(cancelled.subscriptionId)).statusCode).toBe(409);
    expect((await renew(999_999)).statusCode).toBe(404);
    expect((await renew('abc')).statusCode).toBe(400);
    for (const s of [paused, cancelled]) expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);

    const declines = await subscribedShopper(t.app, { declines: true });
    const d = await renew(declines.subscriptionId);
    expect(d.statusCode).toBe(409);
    expect(d.json().message).toMatch(/Your card was declined/);
    expect((await subscriptionRow(t.app, declines.subscriptionId)).failedAttempts).toBe(1);
  });

  it('401 without a session, 403 from another origin; nothing is made', async () => {
    const s = await subscribedShopper(t.app);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${s.subscriptionId}/renew`,
      headers: { origin: ORIGIN },
    });
    expect(anon.statusCode).toBe(401);
    const cross = await admin.call('POST', `/api/admin/subscriptions/${s.subscriptionId}/renew`, undefined, {
      origin: 'https://evil.example',
    });
    expect(cross.statusCode).toBe(403);
    expect(await renewalOrders(t.app, s.subscriptionId)).toEqual([]);
  });
});
