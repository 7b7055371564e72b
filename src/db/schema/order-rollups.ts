import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../shared/admin.ts';

/**
 * The orders domain's rollups, kept by triggers on `orders`: each kind of order's count and sums
 * (ADR 0031) and the customers with paid orders (ADR 0033).
 */

/** What tells one kind of order from another for the summary: its lists and its money (ADR 0031). */
const orderKindColumns = () => ({
  status: text('status', { enum: ORDER_STATUSES }).notNull(),
  paymentMode: text('payment_mode', { enum: ['test', 'live'] }).notNull(),
  hasIssue: boolean('has_issue').notNull(),
  hasPaid: boolean('has_paid').notNull(),
  hasEmail: boolean('has_email').notNull(),
  hasExpired: boolean('has_expired').notNull(),
});

/** The units a kind of order holds: single bottles and 3-packs, and how many of its orders hold a 3-pack. */
const orderKindUnits = () => ({
  singleUnits: bigint('single_units', { mode: 'number' }).notNull().default(0),
  bundleUnits: bigint('bundle_units', { mode: 'number' }).notNull().default(0),
  bundleOrders: bigint('bundle_orders', { mode: 'number' }).notNull().default(0),
  /** The sales tax in its totals, and in its refunds (docs/decisions/0047): revenue is counted without it. */
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
  refundedTaxCents: bigint('refunded_tax_cents', { mode: 'number' }).notNull().default(0),
});

/**
 * Owned by the orders domain. Each kind of order's count and sums, as of the last fold of
 * `order_kind_changes` (ADR 0031): the summary reads these few rows plus the changes not folded yet.
 */
export const orderKindTotals = pgTable(
  'order_kind_totals',
  {
    ...orderKindColumns(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
    ...orderKindUnits(),
  },
  (t) => [primaryKey({ columns: [t.status, t.paymentMode, t.hasIssue, t.hasPaid, t.hasEmail, t.hasExpired] })],
);

/**
 * Owned by the orders domain. Written only by triggers on `orders` (migration 0011): an order that
 * appears, changes kind or amounts, or goes adds a row taking it out of its old kind and into its new
 * one. Rows are only inserted here, so concurrent checkouts never wait on each other; the minute sweep
 * folds them into `order_kind_totals`.
 */
export const orderKindChanges = pgTable('order_kind_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...orderKindColumns(),
  orders: integer('orders').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
  ...orderKindUnits(),
});

/**
 * Owned by the orders domain. Each customer (a lower-case e-mail) with paid live orders: how many,
 * and when the first was paid. Kept by triggers on `orders` (migration 0013, ADR 0033) for the
 * analytics' customer figures; a row goes when its last such order does.
 */
export const orderCustomers = pgTable(
  'order_customers',
  {
    email: text('email').primaryKey(),
    paidOrders: integer('paid_orders').notNull(),
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }).notNull(),
  },
  // The customers whose first paid order is recent, without reading the others (ADR 0061).
  (t) => [index('order_customers_first_paid_idx').on(t.firstPaidAt)],
);

/**
 * Owned by the orders domain. How many customers `order_customers` holds and how many of them came
 * back, as signed rows appended by triggers on it (migration 0032, ADR 0061) and folded into one by
 * the minute sweep: the counts are the sums of the rows.
 */
export const orderCustomerCounts = pgTable('order_customer_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  customers: bigint('customers', { mode: 'number' }).notNull(),
  returningCustomers: bigint('returning_customers', { mode: 'number' }).notNull(),
});

/**
 * Owned by the orders domain. The net revenue of the paid live orders (without sales tax, less
 * refunds and lost disputes) by the UTC day they were paid (ADR 0061): triggers on `orders`
 * (migration 0032) append a signed row per day whenever a statement changes what a day's orders
 * bring; the minute sweep folds each day's rows into one. A day's revenue is the sum of its rows.
 */
export const orderRevenueDays = pgTable(
  'order_revenue_days',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_revenue_days_day_idx').on(t.day)],
);
