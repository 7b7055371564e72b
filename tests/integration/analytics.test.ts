import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_ANALYTICS_PER_MINUTE: '1000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '1000',
  });
  admin = await signedIn(t.app);
  await setInventory(t.app, 5, 100);
  await setInventory(t.app, 6, 100);
});
afterAll(() => t?.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36';
const VISITOR = 'visitor_aaaaaaaaaaaaaaaa';

function collect(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    headers: { 'user-agent': BROWSER, ...headers },
    payload: { visitorId: VISITOR, sessionId: 'session_collect_000001', type: 'pageview', path: '/', ...body },
  });
}

/**
 * An order through checkout, started in an analytics session, paid unless told otherwise; returns
 * its id. Paid with the test provider, it is made a live order (as Stripe with live keys would)
 * unless `mode` is 'test'.
 */
async function order(
  email: string,
  lines: [number, number][],
  { pay = true, session, mode = 'live' }: { pay?: boolean; session?: string; mode?: 'test' | 'live' } = {},
): Promise<number> {
  const s = shopper(t.app);
  for (const [id, q] of lines) await s.add(id, q);
  const started = await s.checkout(session ? { analyticsSessionId: session } : {});
  const { secret, paymentIntentId } = secretOf(started.json().checkoutUrl);
  await s.ship(paymentIntentId, { email });
  if (pay) {
    await s.pay(secret);
    await s.complete(paymentIntentId);
  }
  await t.app.database.db.execute(sql`update orders set payment_mode = ${mode} where payment_intent_id = ${paymentIntentId}`);
  const { rows } = (await t.app.database.db.execute(
    sql`select id from orders where payment_intent_id = ${paymentIntentId}`,
  )) as unknown as { rows: { id: number }[] };
  return Number(rows[0]?.id);
}

describe('collection', () => {
  it('stores a page view with its source, and nothing from bots or the admin pages', async () => {
    const before = await count(t.app, 'analytics_events');
    expect(
      (await collect({ referrer: 'https://www.google.com/search?q=smelling+salts', sessionId: 'session_src_00000001' }))
        .statusCode,
    ).toBe(204);
    expect((await collect({ utm: { source: 'Newsletter' }, sessionId: 'session_src_00000002' })).statusCode).toBe(204);
    expect((await collect({ referrer: 'http://store.test/product/5', sessionId: 'session_src_00000003' })).statusCode).toBe(204);
    expect(await count(t.app, 'analytics_events', `session_id = 'session_src_00000001' and source = 'google.com'`)).toBe(1);
    expect(await count(t.app, 'analytics_events', `session_id = 'session_src_00000002' and source = 'newsletter'`)).toBe(1);
    expect(await count(t.app, 'analytics_events', `session_id = 'session_src_00000003' and source = 'direct'`)).toBe(1);

    for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'Mozilla/5.0 HeadlessChrome/139.0', '']) {
      expect((await collect({ sessionId: 'session_bot_00000001' }, { 'user-agent': ua })).statusCode).toBe(204);
    }
    expect((await collect({ path: '/admin', sessionId: 'session_adm_00000001' })).statusCode).toBe(204);
    expect(await count(t.app, 'analytics_events')).toBe(before + 3);
    // No address of the visitor is kept anywhere in the event.
    const { rows } = (await t.app.database.db.execute(sql`select * from analytics_events limit 1`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });

  it("keeps an order page's path without its token, whatever the client sends", async () => {
    const token = 'eyJwdXJwb3NlIjoib3JkZXIifQ.SignatureOfTheOrderPage_0123456789';
    expect((await collect({ path: `/orders/${token}?utm_source=email`, sessionId: 'session_ord_00000001' })).statusCode).toBe(
      204,
    );
    expect(await count(t.app, 'analytics_events', `session_id = 'session_ord_00000001' and path = '/orders/:token'`)).toBe(1);
    expect(await count(t.app, 'analytics_events', `path like '%SignatureOfTheOrderPage%'`)).toBe(0);
  });

  it('accepts what sendBeacon sends (JSON as text/plain)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'user-agent': BROWSER, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ type: 'pageview', path: '/safety', visitorId: VISITOR, sessionId: 'session_beacon_000001' }),
    });
    expect(res.statusCode).toBe(204);
    expect(await count(t.app, 'analytics_events', `session_id = 'session_beacon_000001'`)).toBe(1);
  });

  it('refuses malformed bodies with 400 and stores nothing', async () => {
    const before = await count(t.app, 'analytics_events');
    const bad: Record<string, unknown>[] = [
      { path: 'no-slash' },
      { path: `/${'x'.repeat(400)}` },
      { visitorId: 'short' },
      { sessionId: "'; drop table orders; --" },
      { type: 'purchase-of-everything' },
      { engagedMs: -5, type: 'engagement' },
      { vitals: { lcp: 'fast' }, type: 'vitals' },
      { valueCents: 999999 },
    ];
    for (const body of bad) expect((await collect(body)).statusCode, JSON.stringify(body)).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await collect({ referrer: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    expect(await count(t.app, 'analytics_events')).toBe(before);
  });

  it('the figures are for a signed-in admin only', async () => {
    expect((await t.app.inject({ url: '/api/analytics' })).statusCode).toBe(401);
  });
});

describe('the figures', () => {
  it('computes revenue, customers, products, sessions, bounce, duration, conversion, sources, pages and days from known data', async () => {
    await t.app.database.db.execute(sql`delete from analytics_events`);
    const a = await order('x@example.com', [[5, 2]], { session: 'session_s1_0000000001' }); // 41.89, today
    await order('pending@example.com', [[5, 1]], { pay: false, session: 'session_s6_0000000006' }); // never paid
    const c = await order('X@Example.com', [[6, 1]]); // 48.90, ten days ago: same customer as a
    const d = await order('old@example.com', [[5, 1]]); // 22.90, forty days ago
    await order('tester@example.com', [[6, 2]], { mode: 'test' }); // 93.89 with test payments: in no figure
    await t.app.database.db.execute(
      sql`update orders set paid_at = now() - interval '10 days', created_at = now() - interval '10 days' where id = ${c}`,
    );
    await t.app.database.db.execute(
      sql`update orders set paid_at = now() - interval '40 days', created_at = now() - interval '40 days' where id = ${d}`,
    );

    const day = sql`date_trunc('day', now())`;
    const ev = (
      type: string,
      path: string,
      session: string,
      at: ReturnType<typeof sql>,
      source: string | null,
      props: unknown = null,
    ) =>
      t.app.database.db.execute(sql`insert into analytics_events (type, path, source, visitor_id, session_id, props, created_at)
        values (${type}, ${path}, ${source}, ${VISITOR}, ${session}, ${props === null ? null : JSON.stringify(props)}::jsonb, ${at})`);
    // S1 today: two pages, engaged until 120 s, bought order a.
    await ev('pageview', '/', 'session_s1_0000000001', sql`${day} + interval '10 hours'`, 'google.com');
    await ev('pageview', '/product/5', 'session_s1_0000000001', sql`${day} + interval '10 hours 30 seconds'`, 'google.com');
    await ev('pageview', '/order-confirmation', 'session_s1_0000000001', sql`${day} + interval '10 hours 100 seconds'`, null);
    await ev('engagement', '/order-confirmation', 'session_s1_0000000001', sql`${day} + interval '10 hours 120 seconds'`, null, {
      engagedMs: 20000,
    });
    // S2 yesterday: one page, 20 s.
    await ev('pageview', '/', 'session_s2_0000000002', sql`${day} - interval '14 hours'`, 'newsletter');
    await ev('engagement', '/', 'session_s2_0000000002', sql`${day} - interval '14 hours' + interval '20 seconds'`, null, {
      engagedMs: 20000,
    });
    // S3 three days ago: one page.
    await ev('pageview', '/education', 'session_s3_0000000003', sql`${day} - interval '3 days' + interval '9 hours'`, 'direct');
    // S4 forty days ago: outside the window.
    await ev('pageview', '/', 'session_s4_0000000004', sql`now() - interval '40 days'`, 'direct');
    // S5 no page view: not a session.
    await ev('engagement', '/', 'session_s5_0000000005', sql`${day} + interval '1 hour'`, null, { engagedMs: 5000 });
    // S6 today: one page, started an order it never paid, and claims S1's paid order (a beacon anyone can send).
    await ev('pageview', '/', 'session_s6_0000000006', sql`${day} + interval '11 hours'`, 'direct');
    await ev('purchase', '/order-confirmation', 'session_s6_0000000006', sql`${day} + interval '11 hours'`, null, { orderId: a });
    for (let i = 0; i < 3; i++) {
      expect(
        (await collect({ type: 'purchase', path: '/order-confirmation', sessionId: 'session_s6_0000000006', orderId: a }))
          .statusCode,
      ).toBe(204);
    }
    // Vitals.
    for (const [lcp, cls] of [
      [1000, 0.01],
      [2000, 0.02],
      [3000, 0.05],
      [4000, 0.1],
    ] as const) {
      await ev('vitals', '/', 'session_s1_0000000001', sql`${day} + interval '10 hours'`, null, { vitals: { lcp, cls } });
    }

    const res = await admin.call('GET', '/api/analytics?range=30d');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.business).toMatchObject({
      totalRevenue: '113.69',
      last30DaysRevenue: '90.79',
      last7DaysRevenue: '41.89',
      averageOrderValue: '37.90',
      totalCustomers: 2,
      newCustomers: 1,
      returnCustomerRate: 50,
      singleBottlesSold: 3,
      bundlesSold: 1,
      bundleRate: 33.3,
      conversionRate: 25,
    });
    expect(r.business.testOrders).toEqual({ count: 1, total: '93.89' });
    expect(r).toMatchObject({ range: '30d', to: new Date().toISOString().slice(0, 10) });
    expect(r.website).toEqual({ last30DaysVisitors: 4, sessions: 4, avgSessionDuration: 35, bounceRate: 75 });
    expect(r.trafficSources).toEqual([
      { source: 'direct', percentage: 50 },
      { source: 'google.com', percentage: 25 },
      { source: 'newsletter', percentage: 25 },
    ]);
    expect(r.topPages).toEqual([
      { path: '/', views: 3 },
      { path: '/education', views: 1 },
      { path: '/order-confirmation', views: 1 },
      { path: '/product/5', views: 1 },
    ]);
    expect(r.daily).toHaveLength(30);
    expect(r.daily[0].date).toBe(r.from);
    expect(r.daily.slice(-7).map((x: { sessions: number }) => x.sessions)).toEqual([0, 0, 0, 1, 0, 1, 2]);
    expect(r.daily.slice(-7).map((x: { revenue: string }) => x.revenue)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '41.89',
    ]);
    expect(r.daily.find((x: { revenue: string }) => x.revenue === '48.90')).toBeDefined();
    expect(r.daily[29].date).toBe(new Date().toISOString().slice(0, 10));
    expect(r.vitals).toEqual({ lcp: 3250, inp: null, cls: 0.063, samples: 4 });
    expect(r.business.reviewStats).toEqual({ totalReviews: 0, averageRating: 0, verifiedReviews: 0, pendingReviews: 0 });
  });

  it('answers the last 7 days, a row a day, when no period is asked for', async () => {
    const res = await admin.call('GET', '/api/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(r).toMatchObject({ range: '7d', from: weekAgo, to: today });
    expect(r.daily.map((x: { date: string }) => x.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => new Date(Date.now() - (6 - i) * 86_400_000).toISOString().slice(0, 10)),
    );
  });
});

describe('figures that cannot be inflated', () => {
  it('purchase beacons are not stored: a paid order converts only the session that placed it, once', async () => {
    const before = await count(t.app, 'analytics_events', `type = 'purchase'`);
    const res = await collect({
      type: 'purchase',
      path: '/order-confirmation',
      sessionId: 'session_fake_0000001',
      orderId: 1001,
    });
    expect(res.statusCode).toBe(204);
    expect(await count(t.app, 'analytics_events', `type = 'purchase'`)).toBe(before);
  });

  it('events older than ANALYTICS_RETENTION_DAYS are deleted by the sweep', async () => {
    const kept = await createTestApp({ ANALYTICS_RETENTION_DAYS: '30' });
    try {
      const db = kept.app.database.db;
      for (const age of ['1 day', '29 days', '31 days', '400 days']) {
        await db.execute(sql`insert into analytics_events (type, path, visitor_id, session_id, created_at)
          values ('pageview', '/', ${VISITOR}, ${`session_age_${age.replace(' ', '_')}_0000`}, now() - ${age}::interval)`);
      }
      expect(await kept.app.services.analytics.sweep()).toBe(2);
      expect(await count(kept.app, 'analytics_events')).toBe(2);
      expect(await count(kept.app, 'analytics_events', `created_at < now() - interval '30 days'`)).toBe(0);
    } finally {
      await kept.close();
    }
  });
});
