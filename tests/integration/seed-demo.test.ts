import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '#shared/analytics-types.ts';
import type { OrdersSummary } from '#shared/admin.ts';
import { seedDemo } from '#server/cli/demo/index.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { cliSurroundings } from '../support/cli.ts';

/**
 * `npm run seed:demo` (issue "A year of business", item 1): a believable year that the dashboard
 * shows in full, the same for the same seed, and never written over a store with real orders.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const SIZE = { orders: 1500, events: 30_000, seed: 7 };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
  await seedDemo(t.app, SIZE);
}, 120_000);
afterAll(() => t?.close());

type Rows<T> = { rows: T[] };
const rows = async <T>(app: FastifyInstance, q: ReturnType<typeof sql>) =>
  ((await app.database.db.execute(q)) as unknown as Rows<T>).rows;
const one = async (q: ReturnType<typeof sql>) =>
  Number(Object.values((await rows<Record<string, unknown>>(t.app, q))[0] ?? {})[0]);

describe('the demo year', () => {
  it('has orders of every kind, each adding up, over a year, placed by sessions that visited', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      t.app,
      sql`select status, count(*)::int as n from orders group by 1`,
    );
    const by = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    for (const s of ['pending', 'paid', 'shipped', 'delivered', 'refunded', 'cancelled']) expect(by[s], s).toBeGreaterThan(0);
    expect(statuses.reduce((n, s) => n + s.n, 0)).toBe(SIZE.orders);
    // Totals are their lines plus shipping; refunds never pass them; every paid line is a snapshot of the catalog's price.
    expect(
      await one(sql`select count(*) from orders o where o.total_cents <> o.shipping_cents +
      (select sum(unit_price_cents * quantity) from order_items i where i.order_id = o.id)`),
    ).toBe(0);
    expect(await one(sql`select count(*) from orders where refunded_cents > total_cents`)).toBe(0);
    expect(await one(sql`select count(*) from orders where created_at > now() or paid_at > now() or delivered_at > now()`)).toBe(
      0,
    );
    expect(await one(sql`select extract(day from now() - min(created_at)) from orders`)).toBeGreaterThanOrEqual(360);
    // Paid orders came from sessions with page views, on the day they were placed.
    expect(
      await one(sql`select count(*) from orders o where o.paid_at is not null and o.analytics_session_id is not null
      and not exists (select 1 from analytics_events e where e.session_id = o.analytics_session_id and e.type = 'pageview')`),
    ).toBe(0);
    // Returning customers, and refunds with their history and lines.
    expect(await one(sql`select count(*) from order_customers where paid_orders > 1`)).toBeGreaterThan(10);
    expect(
      await one(sql`select count(*) from orders o where o.status in ('refunded', 'cancelled') and o.paid_at is not null
      and not exists (select 1 from order_refunds r where r.order_id = o.id and r.amount_cents = o.refunded_cents)`),
    ).toBe(0);
    expect(
      await one(sql`select count(*) from orders o where not exists (select 1 from order_events e where e.order_id = o.id)`),
    ).toBe(0);
    // Each paid order's page tells its shopper how it went: placed, shipped, delivered as it went.
    const delivered = await rows<{ id: number; email: string }>(
      t.app,
      sql`select id, email from orders where status = 'delivered' order by id limit 1`,
    );
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/order-status/lookup',
      payload: { orderNumber: String(delivered[0]?.id), email: delivered[0]?.email },
    });
    const page = (await t.app.inject({ url: `/api/order-status/${found.json().token}` })).json() as {
      history: { text: string }[];
    };
    expect(page.history.map((h) => h.text).slice(0, 3)).toEqual([
      'Delivered',
      'Shipped',
      'Shipping label created: your parcel is being packed',
    ]);
    expect(page.history.at(-1)?.text).toMatch(/^Order placed: \$[\d,.]+ paid$/);
    // Returns: each order refunded after its delivery came back as a received return, refunded by its
    // refund; a few recent deliveries have one waiting for the owner.
    expect(
      await one(sql`select count(*) from orders o where o.status = 'refunded' and o.delivered_at is not null
      and not exists (select 1 from return_requests q join order_refunds f on f.id = q.refund_id and f.return_id = q.id
        where q.order_id = o.id and q.status = 'received')`),
    ).toBe(0);
    expect(await one(sql`select count(*) from return_requests where status = 'received'`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from return_requests where status = 'requested'`)).toBeGreaterThan(0);
    expect(
      await one(
        sql`select count(*) from return_requests q where not exists (select 1 from return_items i where i.return_id = q.id)`,
      ),
    ).toBe(0);
    const listed = (await admin.call('GET', '/api/admin/returns?status=requested')).json() as { returns: { status: string }[] };
    expect(listed.returns.length).toBeGreaterThan(0);
    expect(new Set(listed.returns.map((r) => r.status))).toEqual(new Set(['requested']));
  });

  it('has reviews of delivered purchases, approved and waiting, and a stock history that never goes below zero', async () => {
    expect(await one(sql`select count(*) from reviews where is_approved`)).toBeGreaterThan(10);
    expect(await one(sql`select count(*) from reviews where not is_approved`)).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*) from reviews r where not exists (select 1 from orders o join order_items i on i.order_id = o.id
      where o.id = r.order_id and i.product_id = r.product_id and o.delivered_at < r.created_at)`),
    ).toBe(0);
    expect(await one(sql`select count(*) from stock_movements where inventory_after < 0`)).toBe(0);
    // The newest movement of each product leaves what the shelf holds today.
    expect(
      await one(sql`select count(*) from products p join lateral (select inventory_after from stock_movements s
      where s.product_id = p.id order by s.id desc limit 1) l on true where l.inventory_after <> p.inventory`),
    ).toBe(0);
    expect(await one(sql`select count(*) from stock_movements where reason = 'checkout_sale'`)).toBeGreaterThan(SIZE.orders);
  });

  it('fills every figure of the dashboard, and the analytics read from rollups equal a count of the events', async () => {
    const summary = (await admin.call('GET', '/api/orders/summary')).json() as OrdersSummary;
    expect(summary.paidOrders).toBeGreaterThan(1000);
    expect(summary.byStatus.refunded).toBeGreaterThan(0);
    expect(summary.byFilter.expired).toBeGreaterThan(0);
    expect(Number(summary.refunds)).toBeGreaterThan(0);
    const customers = await admin.call('GET', '/api/admin/customers');
    expect(customers.json()).toHaveLength(50);
    const report = async () => {
      const r = (await admin.call('GET', '/api/analytics?range=12m')).json() as AnalyticsResponse;
      return { ...r, generatedAt: '' };
    };
    const rolled = await report();
    expect(rolled.website.sessions).toBeGreaterThan(5000);
    expect(rolled.business.conversionRate).toBeGreaterThan(0);
    expect(rolled.business.returnCustomerRate).toBeGreaterThan(0);
    expect(rolled.trafficSources.length).toBeGreaterThanOrEqual(5);
    expect(rolled.vitals.samples).toBeGreaterThan(0);
    // Every closed day has visits; today has them only for the part of it that is over (none in its
    // first minutes, when the suite runs just after midnight UTC).
    expect(rolled.daily).toHaveLength(365);
    expect(rolled.daily.slice(0, -1).filter((d) => d.sessions === 0)).toEqual([]);
    expect(await one(sql`select count(*) from analytics_days`)).toBeGreaterThanOrEqual(363);
    // The same report with nothing rolled up: every day counted from its events.
    await t.app.database.db.execute(sql`delete from analytics_days`);
    await t.app.database.db.execute(sql`delete from analytics_day_sources`);
    await t.app.database.db.execute(sql`delete from analytics_day_pages`);
    expect(await report()).toEqual(rolled);
    await t.app.services.analytics.rebuildRollups();
  });
});

/** What a seed decides. */
async function fingerprint(app: FastifyInstance): Promise<unknown> {
  return rows(
    app,
    sql`select
      (select md5(string_agg(status || email || total_cents || refunded_cents || coalesce(shipping_city, '') || created_at, ',' order by id))
        from orders) as orders,
      (select md5(string_agg(product_id || ':' || quantity, ',' order by order_id, product_id)) from order_items) as items,
      (select md5(string_agg(type || path || coalesce(source, '') || created_at, ',' order by id)) from analytics_events) as events,
      (select md5(string_agg(rating || title, ',' order by id)) from reviews) as reviews`,
  );
}

describe('the same seed, the same year', () => {
  it('gives the same orders, events and reviews, at the same times, for the same seed and present; others for another seed', async () => {
    const size = { orders: 200, events: 4000 };
    const at = new Date('2026-11-20T15:00:00Z');
    const make = async (seed: number) => {
      const other = await createTestApp();
      try {
        await seedDemo(other.app, { ...size, seed }, undefined, at);
        return await fingerprint(other.app);
      } finally {
        await other.close();
      }
    };
    const a = await make(11);
    expect(await make(11)).toEqual(a);
    expect(await make(12)).not.toEqual(a);
  }, 120_000);
});

describe('npm run seed:demo', () => {
  let c: Awaited<ReturnType<typeof cliSurroundings>>;
  beforeAll(async () => {
    c = await cliSurroundings('demo');
  });
  afterAll(() => c?.close());
  const cli = (args: string[], overrides: Record<string, string> = {}) => c.run('seed-demo.ts', args, overrides);
  const counts = async () => {
    const app = await buildApp(loadConfig(c.env), { ssr: 'off' });
    try {
      return (
        await rows<{ orders: number; events: number }>(
          app,
          sql`select (select count(*) from orders)::int as orders, (select count(*) from analytics_events)::int as events`,
        )
      )[0];
    } finally {
      await app.close();
    }
  };

  it('refuses flags it cannot use, with the usage, and an in-memory database it would lose', async () => {
    for (const args of [
      ['--orders', '-5'],
      ['--events', '1e9'],
      ['--seed', 'x'],
      ['--bogus', '1'],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toContain('usage: npm run seed:demo');
    }
    expect(cli(['--help'])).toMatchObject({ code: 0 });
    if (!c.usePg)
      expect(cli([], { DATA_DIR: 'memory://' })).toMatchObject({ code: 1, out: expect.stringContaining('memory://') });
  }, 120_000);

  it('fills an empty store, then refuses to write over its demo year or over real orders', async () => {
    const filled = cli(['--orders', '60', '--events', '2000', '--seed', '3']);
    expect(filled.out).toContain('100% rollups');
    expect(filled.code, filled.out).toBe(0);
    expect(await counts()).toMatchObject({ orders: 60 });
    const again = cli(['--orders', '60']);
    expect(again).toMatchObject({ code: 1, out: expect.stringContaining('has the demo year already') });

    // A store with one real order: nothing is written.
    const app = await buildApp(loadConfig(c.env), { ssr: 'off' });
    await app.database.db.execute(sql`delete from orders`);
    await app.database.db.execute(sql`delete from analytics_events`);
    await app.database.db.execute(sql`insert into orders (session_id, subtotal_cents, total_cents, expires_at)
      values ('a-real-cart', 1899, 2290, now() + interval '1 hour')`);
    await app.close();
    const refused = cli(['--orders', '60', '--events', '2000']);
    expect(refused).toMatchObject({ code: 1, out: expect.stringContaining('1 real orders') });
    expect(await counts()).toEqual({ orders: 1, events: 0 });
  }, 120_000);
});
