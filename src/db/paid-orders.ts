import { sql } from 'drizzle-orm';
import { orders } from './schema/index.ts';

/*
 * What a paid order is, in SQL, for every figure that counts money (the dashboard's summary, the
 * customers, the analytics, the reminders' recovered revenue): one definition over the orders table.
 */

/**
 * Orders whose money came in: paid, shipped, delivered, refunded, or cancelled after payment. Their
 * refunds are taken off as refunds, not by leaving the orders out.
 */
const PAID_SQL = (o: string) =>
  sql.raw(
    `(${o}.status in ('paid', 'shipped', 'delivered', 'refunded') or (${o}.status = 'cancelled' and ${o}.paid_at is not null))`,
  );
export const IS_PAID = PAID_SQL('"orders"');
/** Money that moved: paid orders in live payment mode (test orders are left out of every revenue figure). */
export const REVENUE = sql`${IS_PAID} and ${orders.paymentMode} = 'live'`;
/** When a paid order's money came in, as every revenue figure dates it. */
export const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
