import { and, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';
import { paidAt, REVENUE } from '#db/paid-orders.ts';

/** What an order brought in net of refunds, without its sales tax (revenue excludes tax, docs/decisions/0047). */
export const NET_OF_TAX = sql<number>`(${orders.totalCents} - ${orders.refundedCents} - (${orders.taxCents} - ${orders.refundedTaxCents}) - (${orders.disputeLostCents} - ${orders.disputeLostTaxCents}))::int`;

/**
 * The analytics' renewals (docs/decisions/0053): the subscriptions' renewal orders paid live in
 * [from, to), how many, and their revenue net of refunds and tax.
 */
export async function selectRenewalSales(db: Tx, from: Date, to: Date): Promise<{ orders: number; netCents: number }> {
  const [row] = await db
    .select({ orders: sql<number>`count(*)::int`, netCents: sql<number>`coalesce(sum(${NET_OF_TAX}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        REVENUE,
        isNotNull(orders.subscriptionId),
        sql`${paidAt} >= ${from.toISOString()}::timestamptz`,
        sql`${paidAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return { orders: Number(row?.orders ?? 0), netCents: Number(row?.netCents ?? 0) };
}
