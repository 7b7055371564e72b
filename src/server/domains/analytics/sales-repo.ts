import { and, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { paidAt, REVENUE } from '#db/paid-orders.ts';
import { orderCustomerCounts, orderCustomers, orderRevenueDays, orders } from '#db/schema/index.ts';

/*
 * The sales figures' SQL (docs/decisions/0022, 0033): read-only reads of the orders domain's paid
 * orders and its customers rollup, which analytics never writes.
 */

/** An order's money less its refunds and lost disputes (docs/decisions/0059), without sales tax (docs/decisions/0047). */
const NET = sql`${orders.totalCents} - ${orders.refundedCents} - (${orders.taxCents} - ${orders.refundedTaxCents}) - (${orders.disputeLostCents} - ${orders.disputeLostTaxCents})`;

/**
 * Revenue of the paid live orders of the last 30 and 7 days, net of their refunds and without sales tax (both counted on
 * the day the order was paid, so no period reads below zero): the whole UTC days after each edge from the revenue by
 * day (ADR 0061), and the orders of the edge's own day from its instant on, by `orders_paid_time_idx`.
 */
export async function selectRecentRevenue(db: Tx): Promise<{ last30Cents: number; last7Cents: number }> {
  const since = (days: number) => sql`
    (select coalesce(sum(${orderRevenueDays.cents}), 0) from ${orderRevenueDays}
      where ${orderRevenueDays.day} > ((now() - make_interval(days => ${days})) at time zone 'UTC')::date)
    + (select coalesce(sum(${NET}), 0) from ${orders} where ${REVENUE} and ${paidAt} >= now() - make_interval(days => ${days})
      and ${paidAt} < (((now() - make_interval(days => ${days})) at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC')`;
  const res = (await db.execute(sql`select (${since(30)})::bigint as d30, (${since(7)})::bigint as d7`)) as unknown as {
    rows: { d30: string; d7: string }[];
  };
  const r = res.rows[0];
  return { last30Cents: Number(r?.d30 ?? 0), last7Cents: Number(r?.d7 ?? 0) };
}

/**
 * Customers with paid live orders (ADR 0033): how many and how many came back from their counts'
 * rows (ADR 0061), how many paid a first order in the last 30 days by `order_customers_first_paid_idx`.
 */
export async function selectCustomerCounts(db: Tx): Promise<{ customers: number; returning: number; newCustomers: number }> {
  const res = (await db.execute(sql`
    select (select coalesce(sum(${orderCustomerCounts.customers}), 0) from ${orderCustomerCounts})::bigint as customers,
      (select coalesce(sum(${orderCustomerCounts.returningCustomers}), 0) from ${orderCustomerCounts})::bigint as returning,
      (select count(*) from ${orderCustomers} where ${orderCustomers.firstPaidAt} >= now() - interval '30 days')::bigint as new_customers
  `)) as unknown as { rows: { customers: string; returning: string; new_customers: string }[] };
  const r = res.rows[0];
  return {
    customers: Number(r?.customers ?? 0),
    returning: Number(r?.returning ?? 0),
    newCustomers: Number(r?.new_customers ?? 0),
  };
}

const utcDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/** Net revenue (totals less refunds, without sales tax) of the live orders paid on each UTC day from `from` to `to` (YYYY-MM-DD), every day listed, from the revenue by day (ADR 0061). */
export async function selectDailyRevenue(db: Tx, from: string, to: string): Promise<{ day: string; cents: number }[]> {
  const res = (await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day, coalesce(r.cents, 0)::bigint as cents
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    left join (
      select ${orderRevenueDays.day} as day, sum(${orderRevenueDays.cents}) as cents from ${orderRevenueDays}
      where ${orderRevenueDays.day} between ${from}::date and ${to}::date group by 1
    ) r on r.day = d::date
    order by d
  `)) as unknown as { rows: { day: string; cents: string | number }[] };
  return res.rows.map((r) => ({ day: r.day, cents: Number(r.cents) }));
}

/**
 * The analytics sessions that placed a paid live order, as `YYYY-MM-DD|session id` for the UTC day
 * the order was placed, from `from` to `to`: a session of that day converted.
 */
export async function selectConvertedSessions(db: Tx, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      key: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD') || '|' || ${orders.analyticsSessionId}`,
    })
    .from(orders)
    .where(
      and(
        REVENUE,
        isNotNull(orders.analyticsSessionId),
        sql`${orders.createdAt} >= ${utcDayStart(from)} and ${orders.createdAt} < ${utcDayStart(to)} + interval '1 day'`,
      ),
    );
  return rows.map((r) => r.key);
}
