import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '#shared/analytics-types.ts';
import { analyticsEvents } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Today's figures from the live rollups (issue 33, item 4; ADR 0061): the sessions, page views and
 * vitals samples the events' triggers keep equal what the events themselves say, whatever order,
 * duplicates, day edges, bots, concurrent beacons and deletions they come with; and the report
 * read from them equals a count done here from the events.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_ANALYTICS_PER_MINUTE: '100000',
  });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36';
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);
type Rows<T> = { rows: T[] };

const beacon = (body: Record<string, unknown>, userAgent = BROWSER) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    headers: { 'user-agent': userAgent },
    payload: { visitorId: 'visitor_live_000000001', type: 'pageview', path: '/', ...body },
  });

/** The live rollups beside the same figures counted from the events, in one order. */
async function liveAndCounted() {
  const db = t.app.database.db;
  const q = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<unknown>).rows;
  return {
    live: {
      sessions: await q(sql`
        select to_char(day, 'YYYY-MM-DD') as day, session_id, first_at::text as first_at, last_at::text as last_at, views,
          source, source_at::text as source_at, source_id::text as source_id
        from analytics_sessions order by 1, 2`),
      pages: await q(sql`
        select to_char(day, 'YYYY-MM-DD') as day, path, sum(views)::int as views from analytics_page_views
        group by 1, 2 having sum(views) <> 0 order by 1, 2`),
      vitals: await q(sql`select event_id::text as id, at::text as at, lcp, inp, cls from analytics_vitals order by 1`),
    },
    counted: {
      sessions: await q(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, session_id,
          min(created_at)::text as first_at, max(created_at)::text as last_at,
          (count(*) filter (where type = 'pageview'))::int as views,
          (array_agg(source order by created_at, id) filter (where type = 'pageview'))[1] as source,
          (min(created_at) filter (where type = 'pageview'))::text as source_at,
          ((array_agg(id order by created_at, id) filter (where type = 'pageview'))[1])::text as source_id
        from analytics_events group by 1, 2 order by 1, 2`),
      pages: await q(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, path, count(*)::int as views
        from analytics_events where type = 'pageview' group by 1, 2 order by 1, 2`),
      vitals: await q(sql`
        select id::text as id, created_at::text as at, (props->'vitals'->>'lcp')::float8 as lcp,
          (props->'vitals'->>'inp')::float8 as inp, (props->'vitals'->>'cls')::float8 as cls
        from analytics_events where type = 'vitals' order by 1`),
    },
  };
}

async function expectLiveEqualsEvents() {
  const { live, counted } = await liveAndCounted();
  expect(counted.sessions.length).toBeGreaterThan(0);
  expect(live).toEqual(counted);
}

/** The 7-day report's traffic figures, counted here in plain code from the events as stored. */
async function countedByHand(now: number) {
  const { rows } = (await t.app.database.db.execute(sql`
    select id::int as id, type, path, source, session_id as session, (extract(epoch from created_at) * 1000)::float8 as at,
      (props->'vitals'->>'lcp')::float8 as lcp
    from analytics_events`)) as unknown as Rows<{
    id: number;
    type: string;
    path: string;
    source: string | null;
    session: string;
    at: number;
    lcp: number | null;
  }>;
  const from = dayOf(now - 6 * DAY_MS);
  const sessions = new Map<string, typeof rows>();
  for (const e of rows) {
    if (dayOf(e.at) < from) continue;
    const key = `${dayOf(e.at)}|${e.session}`;
    sessions.set(key, [...(sessions.get(key) ?? []), e]);
  }
  let count = 0;
  let bounces = 0;
  let ms = 0;
  const bySource = new Map<string, number>();
  const perDay = new Map<string, number>();
  for (const [key, evs] of sessions) {
    const views = evs.filter((e) => e.type === 'pageview').sort((a, b) => a.at - b.at || a.id - b.id);
    if (!views[0]) continue;
    count++;
    perDay.set(key.slice(0, 10), (perDay.get(key.slice(0, 10)) ?? 0) + 1);
    if (views.length === 1) bounces++;
    ms += Math.max(...evs.map((e) => e.at)) - Math.min(...evs.map((e) => e.at));
    const source = views[0].source ?? 'direct';
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
  }
  const pages = new Map<string, number>();
  for (const e of rows) if (e.type === 'pageview' && dayOf(e.at) >= from) pages.set(e.path, (pages.get(e.path) ?? 0) + 1);
  const total = [...bySource.values()].reduce((a, b) => a + b, 0);
  return {
    sessions: count,
    bounceRate: pct(bounces, count),
    avgSessionDuration: count ? Math.round(ms / count / 1000) : 0,
    today: perDay.get(dayOf(now)) ?? 0,
    topPages: [...pages].map(([path, views]) => ({ path, views })).sort((a, b) => a.path.localeCompare(b.path)),
    trafficSources: [...bySource]
      .map(([source, n]) => ({ source, percentage: pct(n, total) }))
      .sort((a, b) => a.source.localeCompare(b.source)),
  };
}

async function reported(now: number) {
  const res = await admin.call('GET', '/api/analytics?range=7d');
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json() as AnalyticsResponse;
  return {
    sessions: r.website.sessions,
    bounceRate: r.website.bounceRate,
    avgSessionDuration: r.website.avgSessionDuration,
    today: r.daily.find((d) => d.date === dayOf(now))?.sessions ?? 0,
    topPages: [...r.topPages].sort((a, b) => a.path.localeCompare(b.path)),
    trafficSources: [...r.trafficSources].sort((a, b) => a.source.localeCompare(b.source)),
  };
}

describe('the live rollups behind today', () => {
  it('equal the events after concurrent and repeated beacons, bots, day edges, late events and deletions', async () => {
    const db = t.app.database.db;
    await db.execute(sql`delete from orders`);
    await db.execute(sql`delete from analytics_events`);
    expect((await liveAndCounted()).live).toEqual({ sessions: [], pages: [], vitals: [] });

    // Thirty visitors' beacons at once, each page view sent twice (a beacon retried), from three kinds of source.
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      const sessionId = `session_live_${String(i).padStart(8, '0')}`;
      const views = 1 + (i % 3);
      for (let v = 0; v < views; v++) {
        const body = {
          sessionId,
          path: ['/', '/product/5', '/education'][(i + v) % 3],
          ...(i % 3 === 0
            ? { referrer: 'https://www.google.com/search?q=salts' }
            : i % 3 === 1
              ? { utm: { source: 'Newsletter' } }
              : {}),
        };
        sends.push(beacon(body), beacon(body));
      }
      sends.push(beacon({ sessionId, type: 'engagement', engagedMs: 4000 }));
      sends.push(beacon({ sessionId, type: 'vitals', vitals: { lcp: 1000 + i * 37, inp: 80 + i, cls: i / 100 } }));
      // Crawlers and the owner's pages are never counted.
      sends.push(beacon({ sessionId, path: '/product/6' }, 'Googlebot/2.1 (+http://www.google.com/bot.html)'));
      sends.push(beacon({ sessionId, path: '/admin/orders' }));
    }
    const answers = (await Promise.all(sends)) as { statusCode: number }[];
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);
    await expectLiveEqualsEvents();
    expect(await count('/product/6')).toBe(0);

    // Sessions across today's first instant and yesterday's last, written late and out of order, several in one statement.
    const now = Date.now();
    const midnight = Math.floor(now / DAY_MS) * DAY_MS;
    const at = (ms: number) => new Date(ms);
    const row = (session: string, type: string, path: string, source: string | null, ms: number) => ({
      type,
      path,
      source,
      visitorId: 'visitor_live_edge00001',
      sessionId: session,
      props: type === 'vitals' ? { vitals: { lcp: 2500 } } : null,
      createdAt: at(ms),
    });
    await db
      .insert(analyticsEvents)
      .values([
        row('session_edge_00000001', 'pageview', '/safety', 'bing.com', midnight),
        row('session_edge_00000001', 'pageview', '/contact', 'instagram.com', midnight - 1),
        row('session_edge_00000001', 'engagement', '/', null, midnight - 60_000),
      ]);
    await db.insert(analyticsEvents).values([
      // The same instant as the first page view of today: the lower id stays first.
      row('session_edge_00000001', 'pageview', '/cart', 'duckduckgo.com', midnight),
      // An earlier page view of the same session, arriving after a later one.
      row('session_live_00000002', 'pageview', '/checkout', 'late.example', now - 3_600_000),
      row('session_edge_00000002', 'vitals', '/', null, midnight - 1),
      row('session_edge_00000002', 'engagement', '/', null, midnight + 1),
    ]);
    await expectLiveEqualsEvents();
    expect(await reported(now)).toEqual(await countedByHand(now));

    // Deleted events (the retention sweep, an owner's SQL): their sessions counted again from what is left.
    await db.execute(sql`delete from analytics_events where id in (
      select min(id) from analytics_events where type = 'pageview' group by session_id having count(*) > 1 limit 10)`);
    await db.execute(sql`delete from analytics_events where session_id = 'session_live_00000005'`);
    await expectLiveEqualsEvents();
    expect(await reported(now)).toEqual(await countedByHand(now));

    // Folded by two instances' minute sweeps at once while beacons arrive: each page view counted once.
    await Promise.all([
      t.app.services.analytics.rollUp(),
      t.app.services.analytics.rollUp(),
      ...Array.from({ length: 10 }, (_, i) => beacon({ sessionId: `session_fold_${String(i).padStart(8, '0')}` })),
    ]);
    await t.app.services.analytics.rollUp();
    await expectLiveEqualsEvents();
    const rows = (await db.execute(sql`
      select count(*)::int as n, count(distinct (day, path))::int as keys from analytics_page_views`)) as unknown as Rows<{
      n: number;
      keys: number;
    }>;
    expect(rows.rows[0]?.n).toBe(rows.rows[0]?.keys);
    expect(await reported(now)).toEqual(await countedByHand(now));
  });

  it('reads the vitals p75 the minute sweep stored while it is recent, and counts it when none is', async () => {
    const db = t.app.database.db;
    const counted = async () => {
      const { rows } = (await db.execute(sql`
        select percentile_cont(0.75) within group (order by (props->'vitals'->>'lcp')::float8) as lcp, count(*)::int as samples
        from analytics_events where type = 'vitals' and created_at >= now() - interval '30 days'`)) as unknown as Rows<{
        lcp: number;
        samples: number;
      }>;
      return { lcp: Math.round(Number(rows[0]?.lcp)), samples: Number(rows[0]?.samples) };
    };
    const shown = async () => {
      const r = (await admin.call('GET', '/api/analytics')).json() as AnalyticsResponse;
      return { lcp: r.vitals.lcp, samples: r.vitals.samples };
    };
    // None stored yet: counted on the report.
    await db.execute(sql`delete from analytics_vitals_p75`);
    expect(await shown()).toEqual(await counted());
    // Stored by the sweep, read while recent: a sample arriving meanwhile shows after the next sweep.
    await t.app.services.analytics.rollUp();
    const before = await shown();
    expect(before).toEqual(await counted());
    expect((await beacon({ sessionId: 'session_vitals_0000001', type: 'vitals', vitals: { lcp: 599_000 } })).statusCode).toBe(
      204,
    );
    expect(await shown()).toEqual(before);
    await t.app.services.analytics.rollUp();
    expect(await shown()).toEqual(await counted());
    expect((await shown()).samples).toBe(before.samples + 1);
    // Older than ANALYTICS_VITALS_MAX_AGE_SECONDS: counted on the report again.
    await beacon({ sessionId: 'session_vitals_0000002', type: 'vitals', vitals: { lcp: 1 } });
    await db.execute(sql`update analytics_vitals_p75 set computed_at = now() - interval '121 seconds'`);
    expect(await shown()).toEqual(await counted());
  });
});

describe('the revenue by day', () => {
  /** Each day's rolled revenue beside the same figure summed from the orders themselves. */
  async function revenueDays() {
    const q = async (query: ReturnType<typeof sql>) =>
      ((await t.app.database.db.execute(query)) as unknown as Rows<{ day: string; cents: string }>).rows;
    return {
      rolled: await q(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(cents)::text as cents from order_revenue_days
        group by 1 having sum(cents) <> 0 order by 1`),
      counted: await q(sql`
        select to_char(coalesce(paid_at, created_at) at time zone 'UTC', 'YYYY-MM-DD') as day,
          sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents))::text as cents
        from orders
        where (status in ('paid', 'shipped', 'delivered', 'refunded') or (status = 'cancelled' and paid_at is not null))
          and payment_mode = 'live'
        group by 1 having sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents)) <> 0
        order by 1`),
    };
  }
  const expectRevenueEqualsOrders = async () => {
    const { rolled, counted } = await revenueDays();
    expect(rolled).toEqual(counted);
    // The customers' counts, beside the customers' rows themselves.
    const { rows } = (await t.app.database.db.execute(sql`
      select (select coalesce(sum(customers), 0)::int from order_customer_counts) as customers,
        (select coalesce(sum(returning_customers), 0)::int from order_customer_counts) as returning,
        (select count(*)::int from order_customers) as rows, (select count(*)::int from order_customers where paid_orders > 1) as came_back`)) as unknown as Rows<{
      customers: number;
      returning: number;
      rows: number;
      came_back: number;
    }>;
    expect({ customers: rows[0]?.customers, returning: rows[0]?.returning }).toEqual({
      customers: rows[0]?.rows,
      returning: rows[0]?.came_back,
    });
  };

  it('equals the orders after payments, refunds, lost disputes, moved days, test payments, deletions and racing folds', async () => {
    const db = t.app.database.db;
    await db.execute(sql`delete from orders`);
    expect((await revenueDays()).rolled).toEqual([]);
    const now = Date.now();
    const midnight = Math.floor(now / DAY_MS) * DAY_MS;
    // Forty orders around today's and yesterday's midnights, a few of each status and mode, in one statement.
    await db.execute(sql`
      insert into orders (session_id, status, payment_intent_id, payment_mode, subtotal_cents, shipping_cents, tax_cents,
        total_cents, email, expires_at, paid_at, created_at)
      select 'cart-live-' || g, (array['paid', 'shipped', 'delivered', 'pending', 'cancelled', 'refunded'])[1 + g % 6],
        'pi_live_' || g, case when g % 7 = 0 then 'test' else 'live' end, 1899 * (1 + g % 3), 391, 150 * (g % 2),
        1899 * (1 + g % 3) + 391 + 150 * (g % 2), 'buyer' || (g % 15) || '@example.com', now() + interval '1 hour',
        case when g % 6 <> 3 and g % 5 <> 0 then to_timestamp(${midnight / 1000}) + (g - 20) * interval '7 minutes' end,
        to_timestamp(${midnight / 1000}) + (g - 22) * interval '7 minutes'
      from generate_series(1, 40) as g`);
    await expectRevenueEqualsOrders();
    expect((await revenueDays()).counted.length).toBeGreaterThan(0);
    expect(await one(sql`select count(*)::int as n from order_customers where paid_orders > 1`)).toBeGreaterThan(0);

    // A refund with its tax, a lost dispute, a cancellation after payment, a payment moved across midnight, a test order made live.
    await db.execute(sql`update orders set refunded_cents = 500, refunded_tax_cents = 50 where payment_intent_id = 'pi_live_7'`);
    await db.execute(
      sql`update orders set dispute_lost_cents = total_cents, dispute_lost_tax_cents = tax_cents where payment_intent_id = 'pi_live_8'`,
    );
    await db.execute(sql`update orders set status = 'cancelled' where payment_intent_id in ('pi_live_13', 'pi_live_4')`);
    await db.execute(sql`update orders set paid_at = paid_at + interval '1 day' where payment_intent_id = 'pi_live_19'`);
    await db.execute(sql`update orders set payment_mode = 'live' where payment_intent_id = 'pi_live_14'`);
    await db.execute(sql`update orders set status = 'paid', paid_at = now() where payment_intent_id = 'pi_live_3'`);
    // An update that changes no money: nothing appended.
    const before = await count2();
    await db.execute(sql`update orders set email = 'someone@example.com' where payment_intent_id = 'pi_live_1'`);
    expect(await count2()).toBe(before);
    await expectRevenueEqualsOrders();

    // Folded by two instances at once while orders change: each row counted once, one row a day after.
    await Promise.all([
      t.app.services.orders.foldSummary(),
      t.app.services.orders.foldSummary(),
      db.execute(sql`update orders set refunded_cents = refunded_cents + 100 where payment_intent_id = 'pi_live_9'`),
    ]);
    await t.app.services.orders.foldSummary();
    await expectRevenueEqualsOrders();
    const rows = (await db.execute(
      sql`select count(*)::int as n, count(distinct day)::int as days from order_revenue_days`,
    )) as unknown as Rows<{ n: number; days: number }>;
    expect(rows.rows[0]?.n).toBe(rows.rows[0]?.days);

    await db.execute(sql`delete from orders where payment_intent_id in ('pi_live_1', 'pi_live_2', 'pi_live_21')`);
    await expectRevenueEqualsOrders();

    // The report's revenue figures read from it: the last 7 and 30 days' revenue, and each day's.
    const res = await admin.call('GET', '/api/analytics?range=7d');
    const report = res.json() as AnalyticsResponse;
    const sum = async (days: number) => {
      const r = (await db.execute(sql`
        select coalesce(sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents)), 0)::int as c
        from orders where (status in ('paid', 'shipped', 'delivered', 'refunded') or (status = 'cancelled' and paid_at is not null))
          and payment_mode = 'live' and coalesce(paid_at, created_at) >= now() - make_interval(days => ${days})`)) as unknown as Rows<{
        c: number;
      }>;
      return ((r.rows[0]?.c ?? 0) / 100).toFixed(2);
    };
    expect(report.business.last7DaysRevenue).toBe(await sum(7));
    expect(report.business.last30DaysRevenue).toBe(await sum(30));
    const { counted } = await revenueDays();
    for (const d of report.daily) {
      const c = counted.find((x) => x.day === d.date);
      expect(d.revenue, d.date).toBe((Number(c?.cents ?? 0) / 100).toFixed(2));
    }
  });
});

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = (await t.app.database.db.execute(query)) as unknown as Rows<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}

async function count2(): Promise<number> {
  const { rows } = (await t.app.database.db.execute(sql`select count(*)::int as n from order_revenue_days`)) as unknown as Rows<{
    n: number;
  }>;
  return rows[0]?.n ?? 0;
}

async function count(path: string): Promise<number> {
  const { rows } = (await t.app.database.db.execute(
    sql`select coalesce(sum(views), 0)::int as n from analytics_page_views where path = ${path}`,
  )) as unknown as Rows<{ n: number }>;
  return rows[0]?.n ?? 0;
}
