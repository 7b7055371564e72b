import { sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import type { OrderRow } from './repo.ts';
import { orderCustomerCounts, orderKindChanges, orderKindTotals, orderRevenueDays } from '#db/schema/index.ts';

/* The orders summed by kind, kept by triggers and folded every minute (docs/decisions/0031, 0033). */

/** One kind of order, as the summary tells them apart: how many, and their totals. */
export interface OrderKind {
  status: OrderRow['status'];
  paymentMode: OrderRow['paymentMode'];
  hasIssue: boolean;
  hasPaid: boolean;
  hasEmail: boolean;
  hasExpired: boolean;
  orders: number;
  totalCents: number;
  refundedCents: number;
  singleUnits: number;
  bundleUnits: number;
  /** Orders holding a 3-pack. */
  bundleOrders: number;
  /** The sales tax in `totalCents`, and in `refundedCents`. */
  taxCents: number;
  refundedTaxCents: number;
}

/**
 * Every kind of order with its count and totals (a few dozen rows): the folded totals plus the
 * changes not folded yet, in one statement so a fold running meanwhile is seen whole or not at all.
 */
export async function selectOrderKinds(db: Tx): Promise<OrderKind[]> {
  const res = (await db.execute(sql`
    select status, payment_mode, has_issue, has_paid, has_email, has_expired,
      sum(orders)::text as orders, sum(total_cents)::text as total_cents, sum(refunded_cents)::text as refunded_cents,
      sum(single_units)::text as single_units, sum(bundle_units)::text as bundle_units, sum(bundle_orders)::text as bundle_orders,
      sum(tax_cents)::text as tax_cents, sum(refunded_tax_cents)::text as refunded_tax_cents
    from (
      select status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
        single_units, bundle_units, bundle_orders, tax_cents, refunded_tax_cents
      from ${orderKindTotals}
      union all
      select status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
        single_units, bundle_units, bundle_orders, tax_cents, refunded_tax_cents
      from ${orderKindChanges}
    ) k
    group by 1, 2, 3, 4, 5, 6
  `)) as unknown as {
    rows: {
      status: OrderRow['status'];
      payment_mode: OrderRow['paymentMode'];
      has_issue: boolean;
      has_paid: boolean;
      has_email: boolean;
      has_expired: boolean;
      orders: string;
      total_cents: string;
      refunded_cents: string;
      single_units: string;
      bundle_units: string;
      bundle_orders: string;
      tax_cents: string;
      refunded_tax_cents: string;
    }[];
  };
  return res.rows.map((r) => ({
    status: r.status,
    paymentMode: r.payment_mode,
    hasIssue: r.has_issue,
    hasPaid: r.has_paid,
    hasEmail: r.has_email,
    hasExpired: r.has_expired,
    orders: Number(r.orders),
    totalCents: Number(r.total_cents),
    refundedCents: Number(r.refunded_cents),
    singleUnits: Number(r.single_units),
    bundleUnits: Number(r.bundle_units),
    bundleOrders: Number(r.bundle_orders),
    taxCents: Number(r.tax_cents),
    refundedTaxCents: Number(r.refunded_tax_cents),
  }));
}

/**
 * Moves the changes written so far into the totals, in one statement (ADR 0031). Folds running at
 * once on several instances take turns on the rows; a change is folded exactly once. Returns how
 * many changes were folded.
 */
export async function foldOrderKindChanges(db: Tx): Promise<number> {
  const res = (await db.execute(sql`
    with moved as (delete from ${orderKindChanges} returning *),
    folded as (
      insert into ${orderKindTotals} (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
        single_units, bundle_units, bundle_orders, tax_cents, refunded_tax_cents)
      select status, payment_mode, has_issue, has_paid, has_email, has_expired, sum(orders), sum(total_cents), sum(refunded_cents),
        sum(single_units), sum(bundle_units), sum(bundle_orders), sum(tax_cents), sum(refunded_tax_cents)
      from moved group by 1, 2, 3, 4, 5, 6
      on conflict (status, payment_mode, has_issue, has_paid, has_email, has_expired) do update set
        orders = ${orderKindTotals.orders} + excluded.orders,
        total_cents = ${orderKindTotals.totalCents} + excluded.total_cents,
        refunded_cents = ${orderKindTotals.refundedCents} + excluded.refunded_cents,
        single_units = ${orderKindTotals.singleUnits} + excluded.single_units,
        bundle_units = ${orderKindTotals.bundleUnits} + excluded.bundle_units,
        bundle_orders = ${orderKindTotals.bundleOrders} + excluded.bundle_orders,
        tax_cents = ${orderKindTotals.taxCents} + excluded.tax_cents,
        refunded_tax_cents = ${orderKindTotals.refundedTaxCents} + excluded.refunded_tax_cents
      returning 1
    )
    select (select count(*) from moved)::int as changes, (select count(*) from folded)::int as kinds
  `)) as unknown as { rows: { changes: number }[] };
  return Number(res.rows[0]?.changes ?? 0);
}

/**
 * Folds each day's appended revenue rows into one (ADR 0061), in one statement: rows another
 * instance folds meanwhile are skipped here, so each is counted once; a reader sees the fold whole or not at all.
 */
export async function foldRevenueDays(db: Tx): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from ${orderRevenueDays} where day in (select day from ${orderRevenueDays} group by day having count(*) > 1)
      returning day, cents)
    insert into ${orderRevenueDays} (day, cents) select day, sum(cents) from gone group by day having sum(cents) <> 0`);
}

/** Folds the customers' count rows into one (ADR 0061), in one statement, each row once as above. */
export async function foldCustomerCounts(db: Tx): Promise<void> {
  await db.execute(sql`
    with gone as (delete from ${orderCustomerCounts} returning customers, returning_customers)
    insert into ${orderCustomerCounts} (customers, returning_customers)
    select sum(customers), sum(returning_customers) from gone having count(*) > 0`);
}
