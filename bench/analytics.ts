// The analytics report over a year of traffic (issue "A year of business", item 3; ADR 0032):
// EVENTS events (1,000,000 by default) in sessions spread over 365 days and ORDERS paid orders
// (10,000) placed by some of those sessions, on a durable PostgreSQL started here (or DATABASE_URL's
// database, or in-memory PGlite with BENCH_DB=pglite). Times GET /api/analytics through its handler
// for each period, first with every day counted from its events, then with the closed days rolled
// up, and how long rolling the year up took. `npm run bench:analytics`.
import { type SQL, sql } from 'drizzle-orm';
import { ANALYTICS_RANGES } from '#shared/analytics-types.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { startPostgres } from '../scripts/lib/system.mjs';

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const ORDERS = Number(process.env.ORDERS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 20);
/** Counting a year from its events is slow by nature: a few runs say enough. */
const COUNTED_RUNS = Number(process.env.COUNTED_RUNS ?? 3);
const ADMIN = { username: 'bench', password: 'bench-password-123' };

const pglite = process.env.BENCH_DB === 'pglite';
const pg = process.env.DATABASE_URL || pglite ? undefined : await startPostgres({ durable: true });
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://store.test',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...(process.env.DATABASE_URL || pg ? { DATABASE_URL: process.env.DATABASE_URL ?? pg?.url } : {}),
  }),
  { ssr: 'off' },
);

const BATCH = 500_000;
const SESSIONS = Math.ceil(EVENTS / 5);
/**
 * The day a session falls on: the first sessions a year ago, the last today, so the events are
 * written in the order a store writes them (its recent days together on disk).
 */
const dayOf = (session: SQL) =>
  sql`now() - interval '5 minutes' - (364 - floor(${session} * 365.0 / ${SESSIONS + 1})) * interval '1 day'`;

/** Sessions of five events (one to four page views, an engagement ping, a vitals sample in every fourth), over the last 365 days. */
async function seed(): Promise<void> {
  const db = app.database.db;
  await db.execute(sql`delete from orders`);
  await db.execute(sql`delete from analytics_events`);
  for (let start = 1; start <= EVENTS; start += BATCH) {
    const end = Math.min(EVENTS, start + BATCH - 1);
    await db.execute(sql`
      insert into analytics_events (type, path, source, visitor_id, session_id, props, created_at)
      select case when g % 5 = 4 then 'engagement' when g % 20 = 3 then 'vitals' else 'pageview' end,
        (array['/', '/product/5', '/product/6', '/education', '/safety', '/contact', '/cart', '/checkout'])[1 + (g * 7) % 8],
        case when g % 5 <> 4 and g % 20 <> 3 then (array['direct', 'google.com', 'newsletter', 'instagram.com', 'bing.com'])[1 + (g / 5) % 5] end,
        'visitor' || lpad(((g / 10) % 200000)::text, 12, '0'),
        'session' || lpad((g / 5)::text, 12, '0'),
        case when g % 20 = 3 then jsonb_build_object('vitals', jsonb_build_object('lcp', 900 + (g % 3000), 'inp', 40 + (g % 300), 'cls', (g % 30) / 100.0))
          when g % 5 = 4 then '{"engagedMs":30000}'::jsonb end,
        ${dayOf(sql`g / 5`)} - (((g / 5) * 104729) % 1380) * interval '1 minute' + (g % 5) * interval '40 seconds'
      from generate_series(${start}::bigint, ${end}::bigint) as g`);
    process.stdout.write(`\r  events ${end.toLocaleString('en-US')} / ${EVENTS.toLocaleString('en-US')}`);
  }
  process.stdout.write('\n');
  // Orders placed by every (EVENTS/5/ORDERS)-th session, on its day.
  const every = Math.max(1, Math.floor(EVENTS / 5 / ORDERS));
  await db.execute(sql`
    insert into orders (session_id, analytics_session_id, status, payment_intent_id, payment_mode, subtotal_cents, shipping_cents,
      total_cents, email, first_name, last_name, expires_at, paid_at, created_at, updated_at)
    select 'cart-bench-' || g, 'session' || lpad((g * ${every}::bigint)::text, 12, '0'),
      case when g % 10 < 6 then 'delivered' when g % 10 < 9 then 'shipped' else 'paid' end,
      'pi_bench_' || g, 'live', 1899 * (1 + g % 3), 391, 1899 * (1 + g % 3) + 391,
      'buyer' || (g % (${ORDERS}::bigint * 3 / 10 + 1)) || '@example.com', 'Avery', 'Buyer' || g,
      at + interval '30 minutes', at, at, at
    from (select g, ${dayOf(sql`g * ${every}::bigint`)} - (((g * ${every}::bigint) * 104729) % 1380) * interval '1 minute'
      + interval '3 minutes' as at
      from generate_series(1::bigint, ${ORDERS}::bigint) as g) o`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
    select o.id, case when o.id % 4 = 0 then 6 else 5 end,
      case when o.id % 4 = 0 then 'Smelling Salts 3-Pack' else 'Smelling Salts' end,
      case when o.id % 4 = 0 then 4499 else 1899 end, 1 + o.id % 2
    from orders o`);
  await app.services.orders.foldSummary();
  await db.execute(sql`analyze`);
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? Number.NaN;

try {
  const t0 = performance.now();
  await seed();
  const seeded = (performance.now() - t0) / 1000;
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: 'http://store.test' },
    payload: ADMIN,
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  const time = async (range: string, runs: number) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const s = performance.now();
      const res = await app.inject({ url: `/api/analytics?range=${range}`, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${range}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i > 0) times.push(performance.now() - s);
    }
    return p95(times);
  };
  const counted: Record<string, number> = {};
  for (const range of ANALYTICS_RANGES) counted[range] = await time(range, COUNTED_RUNS);
  const r0 = performance.now();
  const days = await app.services.analytics.rebuildRollups();
  const rolling = (performance.now() - r0) / 1000;
  const rolled: Record<string, number> = {};
  for (const range of ANALYTICS_RANGES) rolled[range] = await time(range, RUNS);
  const sizes = (await app.database.db.execute(sql`
    select pg_size_pretty(pg_total_relation_size('analytics_events')) as events,
      pg_size_pretty(pg_total_relation_size('analytics_days') + pg_total_relation_size('analytics_day_sources')
        + pg_total_relation_size('analytics_day_pages')) as rollups,
      pg_size_pretty(pg_database_size(current_database())) as database`)) as unknown as {
    rows: { events: string; rollups: string; database: string }[];
  };
  const size = sizes.rows[0];
  console.log(
    `\nAnalytics report over ${EVENTS.toLocaleString('en-US')} events and ${ORDERS.toLocaleString('en-US')} orders on ${app.database.driver} (seeded in ${seeded.toFixed(0)} s)\n`,
  );
  console.log('| Period | counted from events (p95) | from rollups (p95) |\n| --- | --- | --- |');
  for (const range of ANALYTICS_RANGES) {
    console.log(`| ${range} | ${counted[range]?.toFixed(0)} ms | ${rolled[range]?.toFixed(1)} ms |`);
  }
  console.log(
    `\nRolling up ${days} days took ${rolling.toFixed(1)} s. Storage: events ${size?.events}, rollups ${size?.rollups}, database ${size?.database}.`,
  );
} finally {
  await app.close();
  pg?.stop();
}
