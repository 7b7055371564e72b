import { and, desc, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { CUSTOMER_ORDER_STATUSES, type CustomersCursor } from '#shared/customers.ts';
import type { Tx } from '#db/client.ts';
import { orderSearchText, orders } from '#db/schema/index.ts';
import { type OrderItemRow, type OrderRow, withItems } from './repo.ts';

/**
 * The customers' SQL (docs/decisions/0028). A customer is the lower-case e-mail of orders in
 * CUSTOMER_ORDER_STATUSES; test orders count as the orders list shows them. Nothing is stored for
 * them: a page walks the orders newest first and keeps each customer's latest order, then adds up
 * that customer's orders through `orders_email_lower_idx`.
 */

/** `in (…)` of the customers' statuses, for SQL written by hand. */
const STATUSES = sql`(${sql.join(
  CUSTOMER_ORDER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/** LIKE's own characters taken literally. */
const likeContaining = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A time with its microseconds, as PostgreSQL reads it back exactly. */
function microsToIso(micros: bigint): string {
  const ms = new Date(Number(micros / 1000n)).toISOString();
  return `${ms.slice(0, -1)}${String(micros % 1000n).padStart(3, '0')}Z`;
}

export interface CustomerRow {
  email: string;
  firstName: string | null;
  lastName: string | null;
  orders: number;
  testOrders: number;
  totalCents: number;
  firstOrderAt: Date;
  lastOrderAt: Date;
  /** Whether their latest order's shipping step ticked "E-mail me news and offers" (docs/decisions/0049). */
  marketingConsent: boolean;
  /** The latest order: where the next page starts. */
  latest: CustomersCursor;
}

/**
 * A page of customers, the one whose latest order is newest first (ties by that order's id), after
 * `cursor`; `q` matches any part of the e-mail or of the name on the latest order, in any case.
 *
 * `o` is a candidate: an order with no later order of the same e-mail (NOT EXISTS, through the
 * e-mail index), so each customer comes once, with their latest order. The search is tried on the
 * order search text first (its trigram index, orders_search_trgm_idx), then on the name and
 * e-mail alone, so that a payment id finds no customer.
 */
export async function selectCustomers(
  db: Tx,
  page: { q?: string | undefined; limit: number; cursor?: CustomersCursor | undefined },
): Promise<CustomerRow[]> {
  const o = { firstName: sql.raw('o.first_name'), lastName: sql.raw('o.last_name'), email: sql.raw('o.email') };
  const at = page.cursor ? sql`${microsToIso(page.cursor.micros)}::timestamptz` : undefined;
  const conditions: SQL[] = [sql`o.status in ${STATUSES}`, sql`o.email is not null`];
  if (at && page.cursor) {
    conditions.push(sql`o.created_at <= ${at}`, sql`(o.created_at, o.id) < (${at}, ${page.cursor.orderId})`);
  }
  if (page.q) {
    conditions.push(
      sql`${orderSearchText({ ...o, paymentIntentId: sql.raw('o.payment_intent_id') })} like lower(${likeContaining(page.q)})`,
      // strpos, not a second LIKE: the planner reads a LIKE it has no statistics for as very rare
      // and would then add up every order the first one matches before sorting.
      sql`strpos(lower(coalesce(${o.firstName}, '') || ' ' || coalesce(${o.lastName}, '') || ' ' || ${o.email}), lower(${page.q})) > 0`,
    );
  }
  conditions.push(sql`not exists (
    select 1 from ${orders} n
    where lower(n.email) = lower(o.email) and n.status in ${STATUSES} and (n.created_at, n.id) > (o.created_at, o.id))`);
  const res = (await db.execute(sql`
    select l.email, l.first_name, l.last_name, l.id, l.marketing_consent_at is not null as marketing,
      (extract(epoch from l.created_at) * 1000000)::bigint::text as micros,
      a.orders::int as orders, a.test_orders::int as test_orders, a.total_cents::text as total_cents,
      (extract(epoch from a.first_at) * 1000000)::bigint::text as first_micros
    from (
      select o.id, lower(o.email) as email, o.first_name, o.last_name, o.created_at, o.marketing_consent_at
      from ${orders} o
      where ${sql.join(conditions, sql` and `)}
      order by o.created_at desc, o.id desc
      limit ${page.limit}
    ) l
    cross join lateral (
      select count(*) as orders, count(*) filter (where p.payment_mode = 'test') as test_orders,
        coalesce(sum(p.total_cents - p.refunded_cents - p.dispute_lost_cents), 0) as total_cents, min(p.created_at) as first_at
      from ${orders} p
      where lower(p.email) = l.email and p.status in ${STATUSES}
    ) a
    order by l.created_at desc, l.id desc
  `)) as unknown as {
    rows: {
      email: string;
      first_name: string | null;
      last_name: string | null;
      id: number;
      marketing: boolean;
      micros: string;
      orders: number;
      test_orders: number;
      total_cents: string;
      first_micros: string;
    }[];
  };
  return res.rows.map((r) => {
    const micros = BigInt(r.micros);
    return {
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      orders: Number(r.orders),
      testOrders: Number(r.test_orders),
      totalCents: Number(r.total_cents),
      firstOrderAt: new Date(Number(BigInt(r.first_micros) / 1000n)),
      lastOrderAt: new Date(Number(micros / 1000n)),
      marketingConsent: r.marketing === true,
      latest: { micros, orderId: Number(r.id) },
    };
  });
}

/** A customer's orders that count in their figures, newest (highest number) first, below order `cursor`. */
export async function selectCustomerOrders(
  db: Tx,
  email: string,
  page: { limit: number; cursor?: number | undefined },
): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        sql`lower(${orders.email}) = lower(${email})`,
        inArray(orders.status, CUSTOMER_ORDER_STATUSES),
        page.cursor ? lt(orders.id, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(page.limit);
  return withItems(db, rows);
}
