import type { Database } from '#db/client.ts';
import { type OrderKind, paidLive, paidTest } from '../orders/service.ts';
import * as repo from './sales-repo.ts';

/**
 * The analytics tab's sales figures (docs/decisions/0031, 0033): revenue, customers and units of
 * the paid live orders, from the orders' rollups (their kinds, counted by the orders domain, and
 * the customers' rows), with only the last 30 days' orders read for the recent revenue. Test
 * orders are counted apart.
 */
export function createSales(
  db: Database,
  orderKinds: () => Promise<OrderKind[]>,
  /** What lost disputes took back, and its tax part (docs/decisions/0059): out of revenue as a refund is. */
  lostDisputes: () => Promise<{ cents: number; taxCents: number }>,
) {
  return {
    async figures() {
      const [kinds, recent, customers, lost] = await Promise.all([
        orderKinds(),
        repo.selectRecentRevenue(db),
        repo.selectCustomerCounts(db),
        lostDisputes(),
      ]);
      const live = kinds.filter(paidLive);
      const sum = (
        of:
          | 'orders'
          | 'totalCents'
          | 'refundedCents'
          | 'singleUnits'
          | 'bundleUnits'
          | 'bundleOrders'
          | 'taxCents'
          | 'refundedTaxCents',
      ) => live.reduce((total, k) => total + k[of], 0);
      // Without the sales tax, which is the states' money (docs/decisions/0047).
      const grossCents = sum('totalCents') - sum('taxCents');
      const refundedTaxCents = sum('refundedTaxCents') + lost.taxCents;
      const refundsCents = sum('refundedCents') + lost.cents - refundedTaxCents;
      return {
        /** Net of refunds; gross and refunds beside it; all without sales tax, counted apart. */
        totalCents: grossCents - refundsCents,
        grossCents,
        refundsCents,
        taxCollectedCents: sum('taxCents') - refundedTaxCents,
        last30Cents: recent.last30Cents,
        last7Cents: recent.last7Cents,
        orders: sum('orders'),
        customers: customers.customers,
        newCustomers: customers.newCustomers,
        returningCustomers: customers.returning,
        bundles: sum('bundleUnits'),
        singles: sum('singleUnits'),
        bundleOrders: sum('bundleOrders'),
      };
    },

    async testOrders(): Promise<{ count: number; totalCents: number }> {
      const test = (await orderKinds()).filter(paidTest);
      return { count: test.reduce((n, k) => n + k.orders, 0), totalCents: test.reduce((n, k) => n + k.totalCents, 0) };
    },

    /** Net revenue of each UTC day from `from` to `to` (YYYY-MM-DD). */
    dailyRevenue: (from: string, to: string) => repo.selectDailyRevenue(db, from, to),

    /** Analytics sessions that placed a paid order, by the day it was placed: a conversion each, whatever beacons claim. */
    convertedSessions: (from: string, to: string) => repo.selectConvertedSessions(db, from, to),
  };
}
