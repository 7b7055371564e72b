// A year of business (issue "A year of business", item 3): on a durable PostgreSQL with 100,000
// orders and 10,000,000 analytics events, the analytics report for each period, the owner's orders
// and customers' requests, and both CSV exports in full; on PGlite in a data folder with 10,000
// orders and 1,000,000 events, the analytics report and the store's cold start on that folder; and
// the storage each takes. A section of `npm run bench`; alone, `npm run bench:year`. Sizes:
// YEAR_PG_ORDERS, YEAR_PG_EVENTS, YEAR_PGLITE_ORDERS, YEAR_PGLITE_EVENTS.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_RANGES } from '#shared/analytics-types.ts';
import { startPostgres } from '../scripts/lib/system.mjs';
import { startStore } from '../tests/support/store-process.ts';
import { adminApp, type Streamed, timeGets } from './admin-app.ts';
import { STORE_ENV } from './load.ts';
import { describeExport, streamExports, type Timed, timeOwnerRequests } from './owner-requests.ts';
import { type Restart, restartTimes } from './process.ts';
import { seedYear } from './year-data.ts';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PG_SIZE = { orders: size('YEAR_PG_ORDERS', 100_000), events: size('YEAR_PG_EVENTS', 10_000_000) };
const PGLITE_SIZE = { orders: size('YEAR_PGLITE_ORDERS', 10_000), events: size('YEAR_PGLITE_EVENTS', 1_000_000) };
const RUNS = 30;

export interface YearFigures {
  postgres: {
    size: typeof PG_SIZE;
    seededSeconds: number;
    analytics: Record<string, number>;
    requests: Timed[];
    customers: number;
    exports: { orders: Streamed; customers: Streamed };
    storageMiB: number;
  };
  pglite: {
    size: typeof PGLITE_SIZE;
    seededSeconds: number;
    analytics: Record<string, number>;
    coldStart: Restart;
    storageMiB: number;
  };
}

const log = (line: string) => console.log(`[year] ${line}`);

async function analyticsTimes(app: FastifyInstance, cookie: string): Promise<Record<string, number>> {
  // The minute sweep's work, as a running store has it done (page views folded, the vitals' p75 stored: ADR 0061).
  await app.services.analytics.rollUp();
  const times: Record<string, number> = {};
  for (const range of ANALYTICS_RANGES) times[range] = await timeGets(app, cookie, `/api/analytics?range=${range}`, RUNS);
  return times;
}

async function seeded(app: FastifyInstance, s: { orders: number; events: number }): Promise<number> {
  const started = performance.now();
  await seedYear(app, s);
  return (performance.now() - started) / 1000;
}

async function onPostgres(): Promise<YearFigures['postgres']> {
  const cluster = await startPostgres({ durable: true });
  const { app, cookie } = await adminApp({ databaseUrl: cluster.url });
  try {
    log(`PostgreSQL: ${PG_SIZE.orders.toLocaleString('en-US')} orders, ${PG_SIZE.events.toLocaleString('en-US')} events`);
    const seededSeconds = await seeded(app, PG_SIZE);
    const analytics = await analyticsTimes(app, cookie);
    const { customers, rows: requests } = await timeOwnerRequests(app, cookie, RUNS);
    const exports = await streamExports(app, cookie);
    const bytes = (await app.database.db.execute(sql`select pg_database_size(current_database())::bigint as n`)) as unknown as {
      rows: { n: string }[];
    };
    return {
      size: PG_SIZE,
      seededSeconds,
      analytics,
      requests,
      customers,
      exports,
      storageMiB: Number(bytes.rows[0]?.n) / 1024 / 1024,
    };
  } finally {
    await app.close();
    cluster.stop();
  }
}

async function onPglite(): Promise<YearFigures['pglite']> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-year-'));
  try {
    log(`PGlite: ${PGLITE_SIZE.orders.toLocaleString('en-US')} orders, ${PGLITE_SIZE.events.toLocaleString('en-US')} events`);
    const { app, cookie } = await adminApp({ dataDir });
    let seededSeconds: number;
    let analytics: Record<string, number>;
    try {
      seededSeconds = await seeded(app, PGLITE_SIZE);
      analytics = await analyticsTimes(app, cookie);
    } finally {
      await app.close();
    }
    const storageMiB = Number(execFileSync('du', ['-sk', dataDir], { encoding: 'utf8' }).split('\t')[0]) / 1024;
    // The built store on that folder, as `npm start` runs it: started, then stopped and started again five times.
    const store = await startStore({ ...STORE_ENV, DATA_DIR: dataDir }, undefined, { built: true });
    try {
      return { size: PGLITE_SIZE, seededSeconds, analytics, coldStart: await restartTimes(store), storageMiB };
    } finally {
      await store.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureYear(): Promise<YearFigures> {
  return { postgres: await onPostgres(), pglite: await onPglite() };
}

export const YEAR_TARGETS = {
  /** Issue 33, item 4: every period, today's events included (ADR 0061). */
  analyticsPgMs: 50,
  requestMs: 50,
  exportSeconds: 10,
  exportGrowthMiB: 64,
  analyticsPgliteMs: 1000,
  coldStartMs: 1000,
};

/** Each target of the section, met or not. */
export function yearTargets(y: YearFigures) {
  const T = YEAR_TARGETS;
  const worst = (xs: Record<string, number>) => Math.max(...Object.values(xs));
  const held = y.postgres.requests.filter((r) => r.target);
  return [
    ...ANALYTICS_RANGES.map((range) => ({
      name: `Year, PostgreSQL (${y.postgres.size.orders.toLocaleString('en-US')} orders, ${y.postgres.size.events.toLocaleString('en-US')} events): analytics report, ${range} (p95 ms)`,
      value: Math.round((y.postgres.analytics[range] ?? Number.NaN) * 10) / 10,
      target: `< ${T.analyticsPgMs}`,
      ok: (y.postgres.analytics[range] ?? Number.POSITIVE_INFINITY) < T.analyticsPgMs,
    })),
    {
      name: 'Year, PostgreSQL: slowest orders/customers request (p95 ms)',
      value: Math.round(Math.max(...held.map((r) => r.p95))),
      target: `< ${T.requestMs}`,
      ok: held.every((r) => r.p95 < T.requestMs),
    },
    {
      name: 'Year, PostgreSQL: full orders CSV (s)',
      value: Math.round(y.postgres.exports.orders.seconds * 10) / 10,
      target: `< ${T.exportSeconds}, flat memory`,
      ok:
        y.postgres.exports.orders.ok &&
        y.postgres.exports.orders.seconds < T.exportSeconds &&
        y.postgres.exports.orders.grewMiB < T.exportGrowthMiB,
    },
    {
      name: 'Year, PGlite: analytics report, slowest period (p95 ms)',
      value: Math.round(worst(y.pglite.analytics)),
      target: `< ${T.analyticsPgliteMs}`,
      ok: worst(y.pglite.analytics) < T.analyticsPgliteMs,
    },
    {
      name: 'Year, PGlite: cold start on that data (ms)',
      value: y.pglite.coldStart.ms,
      target: `< ${T.coldStartMs}`,
      ok: y.pglite.coldStart.ms < T.coldStartMs,
    },
  ];
}

/** The section's Markdown. */
export function yearReport(y: YearFigures): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const { postgres: p, pglite: l } = y;
  const lines = [
    `A year of business: PostgreSQL with ${n(p.size.orders)} orders (${n(p.customers)} customers) and ${n(p.size.events)} events (${p.storageMiB.toFixed(0)} MiB, seeded in ${p.seededSeconds.toFixed(0)} s); PGlite with ${n(l.size.orders)} orders and ${n(l.size.events)} events (${l.storageMiB.toFixed(0)} MiB, seeded in ${l.seededSeconds.toFixed(0)} s). p95 of ${RUNS} requests.`,
    '',
    '| Analytics report, by period | PostgreSQL | PGlite |',
    '| --- | --- | --- |',
    ...ANALYTICS_RANGES.map((r) => `| ${r} | ${p.analytics[r]?.toFixed(1)} ms | ${l.analytics[r]?.toFixed(1)} ms |`),
    '',
    '| Owner request, PostgreSQL | p95 |',
    '| --- | --- |',
    ...p.requests.map((r) => `| ${r.what} | ${r.p95.toFixed(1)} ms${r.target ? '' : ' (no target)'} |`),
    '',
    describeExport('CSV export of every order', p.exports.orders),
    describeExport('CSV export of every customer', p.exports.customers),
    `PGlite cold start on that data folder: ${l.coldStart.ms} ms (${l.coldStart.runs.join(', ')}).`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const y = await measureYear();
  console.log(`\n${yearReport(y)}\n`);
  const targets = yearTargets(y);
  console.log('| Target | Measured | Wanted | |\n| --- | --- | --- | --- |');
  for (const t of targets) console.log(`| ${t.name} | ${t.value} | ${t.target} | ${t.ok ? 'met' : 'MISSED'} |`);
  process.exit(targets.every((t) => t.ok) ? 0 : 1);
}
