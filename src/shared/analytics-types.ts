// The analytics response (docs/product.md §3 "Analytics report"), without zod for the dashboard.

export interface AnalyticsResponse {
  business: {
    /** Net of refunds. */
    totalRevenue: string;
    /** Paid orders' totals before refunds, and the refunds taken off them. */
    grossRevenue: string;
    refunds: string;
    last30DaysRevenue: string;
    last7DaysRevenue: string;
    averageOrderValue: string;
    totalCustomers: number;
    newCustomers: number;
    /** % of customers with more than one paid order. */
    returnCustomerRate: number;
    singleBottlesSold: number;
    bundlesSold: number;
    /** % of paid orders that include a 3-pack. */
    bundleRate: number;
    /** % of sessions (30 days) that placed a paid order. */
    conversionRate: number;
    reviewStats: { totalReviews: number; averageRating: number; verifiedReviews: number; pendingReviews: number };
    /** Paid orders taken with test payments: in none of the figures above. */
    testOrders: { count: number; total: string };
  };
  website: {
    /** Sessions in the last 30 days. */
    last30DaysVisitors: number;
    /** Seconds. */
    avgSessionDuration: number;
    /** % of sessions with a single page view. */
    bounceRate: number;
  };
  daily: { date: string; sessions: number; revenue: string }[];
  topPages: { path: string; views: number }[];
  trafficSources: { source: string; percentage: number }[];
  /** p75 over the last 30 days; null when nothing was measured. */
  vitals: { lcp: number | null; inp: number | null; cls: number | null; samples: number };
  generatedAt: string;
}
