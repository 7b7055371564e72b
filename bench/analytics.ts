// The analytics report over a year of traffic (issue "A year of business", item 3; ADR 0032):
// EVENTS events (1,000,000 by default) in sessions spread over 365 days and ORDERS paid orders
// (10,000) placed by some of those sessions, on a durable PostgreSQL started here (or DATABASE_URL's
// database, or in-memory PGlite with BENCH_DB=pglite). Times GET /api/analytics through its handler
// for each period, first with no day rolled up (every day read from the live rollups the events'
// triggers keep, ADR 0061), then with the closed days rolled up (today still from the live rollups),
// and how long rolling the year up took. `npm run bench:analytics`.
import { sql } from 'drizzle-orm';
import { ANALYTICS_RANGES } from '#shared/analytics-types.ts';
import { startPostgres } from '../scripts/lib/system.mjs';
import { adminApp, timeGets } from './admin-app.ts';
import { seedYear } from './year-data.ts';

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const ORDERS = Number(process.env.ORDERS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 20);
/** Reading a year of sessions one by one is slow by nature: a few runs say enough. */
const COUNTED_RUNS = Number(process.env.COUNTED_RUNS ?? 3);
const pglite = process.env.BENCH_DB === 'pglite';
const pg = process.env.DATABASE_URL || pglite ? undefined : await startPostgres({ durable: true });
const { app, cookie } = await adminApp({ databaseUrl: process.env.DATABASE_URL ?? pg?.url });

try {
  const t0 = performance.now();
  await seedYear(app, { orders: ORDERS, events: EVENTS }, { rollUp: false });
  const seeded = (performance.now() - t0) / 1000;
  const time = (range: string, runs: number) => timeGets(app, cookie, `/api/analytics?range=${range}`, runs, 1);
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
        + pg_total_relation_size('analytics_day_pages') + pg_total_relation_size('analytics_sessions')
        + pg_total_relation_size('analytics_page_views') + pg_total_relation_size('analytics_vitals')) as rollups,
      pg_size_pretty(pg_database_size(current_database())) as database`)) as unknown as {
    rows: { events: string; rollups: string; database: string }[];
  };
  const size = sizes.rows[0];
  console.log(
    `\nAnalytics report over ${EVENTS.toLocaleString('en-US')} events and ${ORDERS.toLocaleString('en-US')} orders on ${app.database.driver} (seeded in ${seeded.toFixed(0)} s)\n`,
  );
  console.log('| Period | no day rolled up (p95) | closed days rolled up (p95, target < 50 ms) |\n| --- | --- | --- |');
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
