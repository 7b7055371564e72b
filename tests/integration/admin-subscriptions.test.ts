import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, parseCents } from '#shared/money.ts';
import type { CustomerData, CustomerErased } from '#shared/privacy.ts';
import type { AdminSubscriptionDetail, AdminSubscriptionsPage, AdminSubscriptionsSummary } from '#shared/subscriptions-admin.ts';
import { ADMIN, ORIGIN, ownerStore, type signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { setInventory } from '../support/checkout.ts';
import { type SubscribedShopper, subscribedShopper } from '../support/subscriptions.ts';

/**
 * The owner's Subscriptions tab (issue 31 item 5; docs/decisions/0054): the list a page at a time
 * with a status filter, the figures (counts, due within a week, failing, monthly recurring revenue,
 * churn) computed from known subscriptions, each one's history and orders, the owner's pause and
 * cancel; and a customer's subscriptions in their data download and erasure.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const subs: Record<'a' | 'b' | 'c' | 'd' | 'e', SubscribedShopper> = {} as never;
const exec = (query: ReturnType<typeof sql>) => t.app.database.db.execute(query);
type Rows<T> = { rows: T[] };
const q = async <T>(query: ReturnType<typeof sql>) => ((await exec(query)) as unknown as Rows<T>).rows;

beforeAll(async () => {
  ({ t, admin } = await ownerStore({ RATE_LIMIT_PRIVACY_REQUESTS_PER_MINUTE: '1000' }));
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
  // Five known subscriptions, the store's only ones:
  // a: active, 2 × product 5, every 4 weeks, 10 % off, new;
  // b: active, 1 × product 6, every 2 weeks, no discount, 40 days old, renewing in 3 days, one failed try;
  // c: paused (by the owner), 40 days old; d: cancelled by the owner now, 40 days old;
  // e: cancelled 40 days ago, 60 days old, three failed tries.
  subs.a = await subscribedShopper(t.app, { productId: 5, quantity: 2, intervalWeeks: 4, discountPercent: 10 });
  subs.b = await subscribedShopper(t.app, { productId: 6, quantity: 1, intervalWeeks: 2, discountPercent: 0 });
  subs.c = await subscribedShopper(t.app, { productId: 5 });
  subs.d = await subscribedShopper(t.app, { productId: 6, email: 'dee@example.com' });
  subs.e = await subscribedShopper(t.app, { productId: 5 });
  await exec(
    sql`update subscriptions set created_at = now() - interval '40 days' where id in (${subs.b.subscriptionId}, ${subs.c.subscriptionId}, ${subs.d.subscriptionId})`,
  );
  await exec(
    sql`update subscriptions set next_renewal_at = now() + interval '3 days', failed_attempts = 1 where id = ${subs.b.subscriptionId}`,
  );
  await exec(sql`update subscriptions set next_renewal_at = now() + interval '2 days' where id = ${subs.c.subscriptionId}`);
  await exec(
    sql`update subscriptions set status = 'cancelled', created_at = now() - interval '60 days', cancelled_at = now() - interval '40 days', failed_attempts = 3 where id = ${subs.e.subscriptionId}`,
  );
});
afterAll(() => t?.close());

describe('the owner’s actions', () => {
  it('pauses and cancels with the admin’s name, e-mails the shopper the cancellation once, and refuses to pause a cancelled one', async () => {
    const paused = await admin.call('POST', `/api/admin/subscriptions/${subs.c.subscriptionId}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<AdminSubscriptionDetail>().status).toBe('paused');

    const cancelled = await admin.call('POST', `/api/admin/subscriptions/${subs.d.subscriptionId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const d = cancelled.json<AdminSubscriptionDetail>();
    expect(d.status).toBe('cancelled');
    expect(d.history[0]).toMatchObject({ kind: 'cancelled', actor: 'owner' });
    expect(d.history[0]?.detail).toContain(ADMIN.username);
    expect((await admin.call('POST', `/api/admin/subscriptions/${subs.d.subscriptionId}/cancel`)).statusCode).toBe(200);
    const mails = await q<{ to_address: string; subject: string }>(
      sql`select to_address, subject from mail_outbox where kind = 'subscription_cancelled' and ref = ${subs.d.subscriptionId}`,
    );
    expect(mails).toEqual([{ to_address: 'dee@example.com', subject: 'Your Ironwake subscription is cancelled' }]);

    const pauseCancelled = await admin.call('POST', `/api/admin/subscriptions/${subs.d.subscriptionId}/pause`);
    expect(pauseCancelled.statusCode).toBe(409);
    expect((await admin.call('POST', '/api/admin/subscriptions/999999/cancel')).statusCode).toBe(404);
    expect((await admin.call('POST', '/api/admin/subscriptions/abc/pause')).statusCode).toBe(400);
  });

  it('shows one subscription with its history and its first order', async () => {
    const res = await admin.call('GET', `/api/admin/subscriptions/${subs.a.subscriptionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<AdminSubscriptionDetail>();
    expect(d).toMatchObject({
      id: subs.a.subscriptionId,
      email: subs.a.email,
      status: 'active',
      firstOrderId: subs.a.firstOrderId,
    });
    expect(d.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(d.history.map((h) => h.kind)).toEqual(['created']);
    expect(d.orders).toEqual([expect.objectContaining({ id: subs.a.firstOrderId, renewal: false, status: 'paid' })]);
    expect((await admin.call('GET', '/api/admin/subscriptions/999999')).statusCode).toBe(404);
  });
});

describe('the figures', () => {
  it('counts, due within a week, failing, MRR and churn from the known subscriptions', async () => {
    const price = async (id: number) => parseCents((await t.app.services.catalog.getActiveProduct(id))?.price ?? '0');
    const a = 2 * Math.round(((await price(5)) * 90) / 100);
    const b = await price(6);
    const mrr = Math.round((a * 52) / 12 / 4 + (b * 52) / 12 / 2);
    const res = await admin.call('GET', '/api/admin/subscriptions/summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminSubscriptionsSummary>()).toEqual({
      active: 2,
      paused: 1,
      cancelled: 2,
      dueNext7Days: 1,
      failing: 1,
      mrr: formatCents(mrr),
      // b, c and d were not cancelled 30 days ago (a is newer, e was cancelled before): d of those three left.
      churn: '33.3',
    });
  });
});

describe('the list', () => {
  it('pages newest first with a cursor and the Link header, and filters by status', async () => {
    const ids: number[] = [];
    let url: string | undefined = '/api/admin/subscriptions?limit=2';
    let pages = 0;
    while (url) {
      const res = await admin.call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<AdminSubscriptionsPage>();
      ids.push(...page.subscriptions.map((s) => s.id));
      const link = res.headers.link as string | undefined;
      url = link?.match(/^<([^>]+)>; rel="next"$/)?.[1];
      expect(Boolean(url)).toBe(page.nextCursor !== null);
      pages++;
    }
    const all = Object.values(subs)
      .map((s) => s.subscriptionId)
      .sort((x, y) => y - x);
    expect(ids).toEqual(all);
    expect(pages).toBe(3);

    const cancelled = (await admin.call('GET', '/api/admin/subscriptions?status=cancelled')).json<AdminSubscriptionsPage>();
    expect(cancelled.subscriptions.map((s) => s.id).sort()).toEqual([subs.d.subscriptionId, subs.e.subscriptionId].sort());
    const first = (await admin.call('GET', '/api/admin/subscriptions?status=active')).json<AdminSubscriptionsPage>()
      .subscriptions;
    expect(first.find((s) => s.id === subs.a.subscriptionId)).toMatchObject({
      email: subs.a.email,
      intervalWeeks: 4,
      items: [{ productId: 5, quantity: 2, name: expect.any(String) }],
    });
  });

  it('answers 400 to a bad query and 401 without a session', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'status=gone', 'cursor=abc', 'cursor=-1']) {
      const res = await admin.call('GET', `/api/admin/subscriptions?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const id = subs.a.subscriptionId;
    for (const [method, url] of [
      ['GET', '/api/admin/subscriptions'],
      ['GET', '/api/admin/subscriptions/summary'],
      ['GET', `/api/admin/subscriptions/${id}`],
      ['POST', `/api/admin/subscriptions/${id}/pause`],
      ['POST', `/api/admin/subscriptions/${id}/cancel`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: ORIGIN } });
      expect(res.statusCode, url).toBe(401);
    }
    const [row] = await q<{ status: string }>(sql`select status from subscriptions where id = ${id}`);
    expect(row?.status).toBe('active');
  });
});

describe('a customer’s privacy requests', () => {
  it('lists their subscriptions in their data, and erasure takes their details and cancels the running one', async () => {
    const s = await subscribedShopper(t.app, { email: 'private.person@example.com' });
    const data = await admin.call('GET', `/api/admin/customers/data?email=${encodeURIComponent('Private.Person@example.com')}`);
    expect(data.statusCode, data.body).toBe(200);
    const subsOf = data.json<CustomerData>().subscriptions;
    expect(subsOf).toEqual([
      expect.objectContaining({
        id: s.subscriptionId,
        email: 'private.person@example.com',
        status: 'active',
        card: { brand: 'visa', last4: '4242' },
        history: [expect.objectContaining({ message: expect.stringContaining('Started') })],
      }),
    ]);
    expect(subsOf[0]?.shipTo.address).not.toBe('');

    const erased = await admin.call('POST', '/api/admin/customers/erase', { email: 'private.person@example.com' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<CustomerErased>().erased.subscriptions).toBe(1);
    const [row] = await q<Record<string, unknown>>(
      sql`select status, email, first_name, last_name, phone, shipping_address, consent_network, erased_at from subscriptions where id = ${s.subscriptionId}`,
    );
    expect(row).toMatchObject({
      status: 'cancelled',
      email: `erased-${s.subscriptionId}`,
      first_name: '',
      last_name: '',
      phone: null,
      shipping_address: '',
      consent_network: '',
    });
    expect(row?.erased_at).not.toBeNull();
    expect(
      (await admin.call('GET', '/api/admin/customers/data?email=private.person%40example.com')).json<CustomerData>()
        .subscriptions,
    ).toEqual([]);
    // Its page opens nothing any more.
    expect((await t.app.inject({ method: 'GET', url: `/api/subscriptions/${s.token}` })).statusCode).toBe(404);
  });
});
