import { z } from 'zod';
import { ANALYTICS_RANGES, type AnalyticsResponse } from './analytics-types.ts';
import { isoTime, moneyText, utcDay } from './response-schemas.ts';

/** The owner's analytics report (docs/decisions/0023, 0032). */

const percent = z.number().describe('A percentage, 0 to 100');

export const AnalyticsReportSchema = z
  .object({
    range: z
      .enum(ANALYTICS_RANGES)
      .describe('The period of `daily`, `topPages`, `trafficSources`, the website figures and the conversion rate'),
    from: utcDay.describe('The period’s first UTC day'),
    to: utcDay.describe('Its last UTC day: today'),
    business: z.object({
      totalRevenue: moneyText.describe('Net of refunds'),
      grossRevenue: moneyText.describe('Paid orders’ totals before refunds'),
      refunds: moneyText,
      taxCollected: moneyText.describe('Sales tax collected less what refunds gave back; the revenue figures leave it out'),
      last30DaysRevenue: moneyText,
      last7DaysRevenue: moneyText,
      averageOrderValue: moneyText,
      totalCustomers: z.number().int(),
      newCustomers: z.number().int(),
      returnCustomerRate: percent.describe('% of customers with more than one paid order'),
      singleBottlesSold: z.number().int(),
      bundlesSold: z.number().int(),
      bundleRate: percent.describe('% of paid orders that include a 3-pack'),
      conversionRate: percent.describe('% of the period’s sessions that placed a paid order'),
      reviewStats: z.object({
        totalReviews: z.number().int(),
        averageRating: z.number(),
        verifiedReviews: z.number().int(),
        pendingReviews: z.number().int(),
      }),
      testOrders: z
        .object({ count: z.number().int(), total: moneyText })
        .describe('Paid with test payments: in none of the figures above'),
    }),
    website: z.object({
      last30DaysVisitors: z.number().int().describe('Sessions started in the last 30 days, whatever the period'),
      sessions: z.number().int().describe('Sessions started in the period'),
      avgSessionDuration: z.number().describe('Seconds, first to last event'),
      bounceRate: percent.describe('% of the period’s sessions with a single page view'),
    }),
    daily: z
      .array(z.object({ date: utcDay, sessions: z.number().int(), revenue: moneyText }))
      .describe('One entry per day of the period, oldest first: sessions started, net revenue of the orders paid that day'),
    topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
    reminders: z
      .object({ sent: z.number().int(), ordersRecovered: z.number().int(), revenueRecovered: moneyText })
      .describe('The period’s checkout reminders, and the orders and revenue they recovered'),
    reorderReminders: z
      .object({ sent: z.number().int(), reorders: z.number().int(), revenue: moneyText })
      .describe(
        'The period’s reorder reminders, and the paid live orders placed from carts their Reorder link filled (within 14 days), net of refunds',
      ),
    renewals: z
      .object({ orders: z.number().int(), revenue: moneyText })
      .describe('The subscriptions’ renewal orders paid live in the period, and their revenue net of refunds and sales tax'),
    trafficSources: z.array(z.object({ source: z.string(), percentage: percent })),
    vitals: z
      .object({ lcp: z.number().nullable(), inp: z.number().nullable(), cls: z.number().nullable(), samples: z.number().int() })
      .describe('Core Web Vitals, p75 over the last 30 days whatever the period; null when nothing was measured'),
    generatedAt: isoTime,
  })
  .meta({ id: 'AnalyticsReport' }) satisfies z.ZodType<AnalyticsResponse>;
