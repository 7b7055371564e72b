// The analytics response (docs/product.md §3 "Analytics report"), without zod for the dashboard.
import type { ReminderFigures } from './recovery.ts';
import type { ReorderFigures } from './reorders.ts';

/**
 * The periods the owner chooses between on the Analytics tab, each a run of whole UTC days ending
 * today: 7 days, 30 days, 12 months (365 days). `GET /api/analytics?range=` takes one; 7d when absent.
 */
export const ANALYTICS_RANGES = ['7d', '30d', '12m'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '12m': 365 };
/**
 * The API's period when none is asked for: the spec's "Daily Activity for the last 7 days", which
 * callers of the API relied on before periods could be chosen. The Analytics tab asks for its own.
 */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '7d';

export interface AnalyticsResponse {
  /** The period of `daily`, `topPages`, `trafficSources`, the website figures and the conversion rate. */
  range: AnalyticsRange;
  /** Its first and last UTC day, YYYY-MM-DD (the last is today). */
  from: string;
  to: string;
  business: {
    /** Net of refunds. */
    totalRevenue: string;
    /** Paid orders' totals before refunds, and the refunds taken off them. */
    grossRevenue: string;
    refunds: string;
    /** Sales tax collected less what refunds gave back: left out of every revenue figure. */
    taxCollected: string;
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
    /** % of the period's sessions that placed a paid order. */
    conversionRate: number;
    reviewStats: { totalReviews: number; averageRating: number; verifiedReviews: number; pendingReviews: number };
    /** Paid orders taken with test payments: in none of the figures above. */
    testOrders: { count: number; total: string };
  };
  website: {
    /** Sessions that started in the last 30 days (today and the 29 days before), whatever the period. */
    last30DaysVisitors: number;
    /** Sessions that started in the period. */
    sessions: number;
    /** Seconds, the period's sessions' average (first to last event). */
    avgSessionDuration: number;
    /** % of the period's sessions with a single page view. */
    bounceRate: number;
  };
  /** One entry per day of the period, oldest first: sessions started that day, net revenue of the orders paid that day. */
  daily: { date: string; sessions: number; revenue: string }[];
  topPages: { path: string; views: number }[];
  /** The period's checkout reminders: sent, and the orders and revenue they recovered (docs/decisions/0041). */
  reminders: ReminderFigures;
  /** The period's reorder reminders: sent, and the reorders placed from their links with their revenue (docs/decisions/0051). */
  reorderReminders: ReorderFigures;
  /** The subscriptions' renewal orders paid in the period (live payments), and their revenue net of refunds and tax (ADR 0053). */
  renewals: { orders: number; revenue: string };
  trafficSources: { source: string; percentage: number }[];
  /** p75 over the last 30 days whatever the period (as Core Web Vitals are judged); null when nothing was measured. */
  vitals: { lcp: number | null; inp: number | null; cls: number | null; samples: number };
  generatedAt: string;
}
