// The owner's orders at scale (issue "Run the business", item 4): with ORDERS orders (100,000 by
// default) on a durable PostgreSQL started here (or DATABASE_URL's database, or PGlite with
// BENCH_DB=pglite), the p95 of a first page, a page deep in the list, searches and the summary,
// and of the customers' pages and searches (ADR 0028), through the HTTP handlers with an admin
// session. Target: each under 50 ms. Then both CSV exports in full. `npm run bench:orders`.
import { startPostgres } from '../scripts/lib/system.mjs';
import { adminApp } from './admin-app.ts';
import { describeExport, streamExports, TARGET_MS, timeOwnerRequests } from './owner-requests.ts';
import { seedYear } from './year-data.ts';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 60);

const pg = process.env.DATABASE_URL || process.env.BENCH_DB === 'pglite' ? undefined : await startPostgres({ durable: true });
const { app, cookie } = await adminApp({ databaseUrl: process.env.DATABASE_URL ?? pg?.url });

try {
  const started = performance.now();
  await seedYear(app, { orders: ORDERS, events: 0 });
  const seeded = ((performance.now() - started) / 1000).toFixed(0);
  const { customers, rows } = await timeOwnerRequests(app, cookie, RUNS);
  const exports = await streamExports(app, cookie);
  console.log(
    `\nOrders list with ${ORDERS.toLocaleString('en-US')} orders (${customers.toLocaleString('en-US')} customers) on ${app.database.driver} (seeded in ${seeded} s), p95 of ${RUNS} requests, target < ${TARGET_MS} ms\n`,
  );
  console.log('| Request | p95 |\n| --- | --- |');
  for (const r of rows) console.log(`| ${r.what} | ${r.p95.toFixed(1)} ms${r.p95 < TARGET_MS || !r.target ? '' : ' MISSED'} |`);
  console.log(`\n${describeExport('CSV export of every order', exports.orders)}`);
  console.log(describeExport('CSV export of every customer', exports.customers));
  process.exitCode = rows.every((r) => r.p95 < TARGET_MS || !r.target) && exports.orders.ok && exports.customers.ok ? 0 : 1;
} finally {
  await app.close();
  pg?.stop();
}
