// The owner's requests measured at scale (issue "Run the business", item 4; "A year of business",
// item 3): pages, searches, the summary, customers' pages, each as a p95 through the handlers,
// and both CSV exports read in full as they stream.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CUSTOMER_ORDER_STATUSES, encodeCustomersCursor } from '#shared/customers.ts';
import { type Streamed, streamExport, timeGets } from './admin-app.ts';

export const TARGET_MS = 50;

export interface Timed {
  what: string;
  p95: number;
  /** Whether the 50 ms target applies (the customers' last page is measured, not held to it: ADR 0028). */
  target: boolean;
}

type Rows<T> = { rows: T[] };

/** The cursor that starts the customers' list after its `at(n)`-th customer of n, and n. */
async function customersCursor(app: FastifyInstance, at: (customers: number) => number) {
  const statuses = sql.join(
    CUSTOMER_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const latest = sql`(select distinct on (lower(email)) id, created_at from orders
    where status in (${statuses}) and email is not null order by lower(email), created_at desc, id desc)`;
  const counted = (await app.database.db.execute(sql`select count(*)::int as n from ${latest} l`)) as unknown as Rows<{
    n: number;
  }>;
  const customers = Number(counted.rows[0]?.n);
  const found = (await app.database.db.execute(sql`
    select id, (extract(epoch from created_at) * 1000000)::bigint::text as micros from ${latest} l
    order by created_at desc, id desc offset ${at(customers) - 1} limit 1`)) as unknown as Rows<{ id: number; micros: string }>;
  const row = found.rows[0];
  if (!row) throw new Error('no such customer');
  return { cursor: encodeCustomersCursor({ micros: BigInt(row.micros), orderId: Number(row.id) }), customers };
}

/** Every request of the orders and customers tabs, on orders written by `seedYear` (its buyers' names and addresses). */
export async function timeOwnerRequests(
  app: FastifyInstance,
  cookie: string,
  runs: number,
): Promise<{ customers: number; rows: Timed[] }> {
  const ids = (await app.database.db.execute(sql`select id from orders order by id`)) as unknown as Rows<{ id: number }>;
  const middle = Number(ids.rows[Math.floor(ids.rows.length / 2)]?.id);
  const halfway = await customersCursor(app, (n) => Math.floor(n / 2));
  const lastPage = await customersCursor(app, (n) => Math.max(1, n - 50));
  const cases: [string, string, boolean?][] = [
    ['first page (50)', '/api/orders'],
    ['a page halfway down', `/api/orders?cursor=${middle}`],
    ['shipped, first page', '/api/orders?status=shipped'],
    ['search: a last name (rare)', '/api/orders?q=buyer29999'],
    ['search: an e-mail domain (common)', '/api/orders?q=example.org'],
    ['search: an order number', `/api/orders?q=%23${middle}`],
    ['search: nothing matches', '/api/orders?q=nobody-at-all'],
    ['payment problems', '/api/orders?filter=payment-problem'],
    ['summary', '/api/orders/summary'],
    ['customers: first page (50)', '/api/admin/customers'],
    ['customers: a page halfway down', `/api/admin/customers?cursor=${halfway.cursor}`],
    [
      'customers: the last page (walks every older order of returning buyers)',
      `/api/admin/customers?cursor=${lastPage.cursor}`,
      false,
    ],
    ['customers search: a name (rare)', '/api/admin/customers?q=buyer29999'],
    ['customers search: an e-mail domain (common)', '/api/admin/customers?q=example.org'],
    ['customers search: nothing matches', '/api/admin/customers?q=nobody-at-all'],
    ['a customer’s orders', '/api/admin/customers/orders?email=buyer29999%40example.com'],
  ];
  const rows: Timed[] = [];
  for (const [what, url, target = true] of cases) rows.push({ what, p95: await timeGets(app, cookie, url, runs), target });
  // A minute of orders changing before the sweep folds them (ADR 0031).
  await app.database.db.execute(
    sql`update orders set status = 'delivered' where id in (select id from orders where status = 'shipped' limit 1000)`,
  );
  rows.push({
    what: 'summary, with 1,000 orders changed since the last fold',
    p95: await timeGets(app, cookie, '/api/orders/summary', runs),
    target: true,
  });
  await app.services.orders.foldSummary();
  return { customers: halfway.customers, rows };
}

/** Both CSV exports in full, over a real socket (the store listens on a free port for them). */
export async function streamExports(app: FastifyInstance, cookie: string): Promise<{ orders: Streamed; customers: Streamed }> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    orders: await streamExport(address, '/api/orders/export.csv', cookie),
    customers: await streamExport(address, '/api/admin/customers/export.csv', cookie),
  };
}

export const describeExport = (what: string, s: Streamed) =>
  `${what}: ${s.lines.toLocaleString('en-US')} lines, ${s.mib.toFixed(1)} MiB in ${s.seconds.toFixed(1)} s; the process grew by ${s.grewMiB.toFixed(0)} MiB at most meanwhile`;
