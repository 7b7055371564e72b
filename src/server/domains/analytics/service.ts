import type { CollectBody } from '#shared/analytics.ts';
import type { AnalyticsResponse } from '#shared/analytics-types.ts';
import { formatCents } from '#shared/money.ts';
import type { Database } from '#db/client.ts';
import type { OrdersService } from '../orders/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import { sourceOf } from './collect.ts';
import * as repo from './repo.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/**
 * First-party analytics (docs/engineering.md §7): page views and engagement from the storefront's beacon (no
 * cookies, no IP), joined with paid orders for revenue and conversion. Every figure is computed
 * from stored facts; nothing is estimated.
 */
export function createAnalyticsService(
  db: Database,
  d: { orders: OrdersService; reviews: ReviewsService; ownHost: string; retentionDays: number },
) {
  return {
    async collect(body: CollectBody): Promise<void> {
      // A purchase is known from the paid order and the session that placed it; what a page claims is not counted.
      if (body.type === 'purchase') return;
      const props =
        body.type === 'engagement'
          ? { engagedMs: body.engagedMs ?? 0 }
          : body.type === 'vitals'
            ? { vitals: body.vitals ?? {} }
            : null;
      await repo.insertEvent(db, {
        type: body.type,
        path: body.path.split('?')[0]?.split('#')[0] ?? '/',
        referrer: body.referrer?.slice(0, 500) || null,
        source: body.type === 'pageview' ? sourceOf(body.utm?.source, body.referrer, d.ownHost) : null,
        utmSource: body.utm?.source || null,
        utmMedium: body.utm?.medium || null,
        utmCampaign: body.utm?.campaign || null,
        visitorId: body.visitorId,
        sessionId: body.sessionId,
        props,
      });
    },

    /** GET /api/analytics (docs/product.md §3). */
    async report(): Promise<AnalyticsResponse> {
      const [sales, testOrders, revenueDaily, sessions, sources, topPages, sessionsDaily, buyers, vitals, reviewStats] =
        await Promise.all([
          d.orders.salesFigures(),
          d.orders.testOrderFigures(),
          d.orders.dailyRevenue(7),
          repo.selectSessions(db),
          repo.selectSources(db),
          repo.selectTopPages(db),
          repo.selectDailySessions(db, 7),
          d.orders.convertedSessions(30),
          repo.selectVitals(db),
          d.reviews.adminStats(),
        ]);
      // A session converted when it placed a paid order: each order counts once, for its own session.
      const converted = await repo.countSessionsAmong(db, buyers);
      const totalSourceSessions = sources.reduce((s, x) => s + x.sessions, 0);
      const sessionsByDay = new Map(sessionsDaily.map((x) => [x.day, x.sessions]));

      return {
        business: {
          totalRevenue: formatCents(sales.totalCents),
          grossRevenue: formatCents(sales.grossCents),
          refunds: formatCents(sales.refundsCents),
          last30DaysRevenue: formatCents(sales.last30Cents),
          last7DaysRevenue: formatCents(sales.last7Cents),
          averageOrderValue: formatCents(sales.orders ? Math.round(sales.grossCents / sales.orders) : 0),
          totalCustomers: sales.customers,
          newCustomers: sales.newCustomers,
          returnCustomerRate: pct(sales.returningCustomers, sales.customers),
          singleBottlesSold: sales.singles,
          bundlesSold: sales.bundles,
          bundleRate: pct(sales.bundleOrders, sales.orders),
          conversionRate: pct(converted, sessions.sessions),
          reviewStats,
          testOrders: { count: testOrders.count, total: formatCents(testOrders.totalCents) },
        },
        website: {
          last30DaysVisitors: sessions.sessions,
          avgSessionDuration: Math.round(sessions.avgSeconds),
          bounceRate: pct(sessions.bounces, sessions.sessions),
        },
        daily: revenueDaily.map((r) => ({ date: r.day, sessions: sessionsByDay.get(r.day) ?? 0, revenue: formatCents(r.cents) })),
        topPages,
        trafficSources: sources.map((s) => ({ source: s.source, percentage: pct(s.sessions, totalSourceSessions) })),
        vitals: {
          lcp: vitals.lcp == null ? null : Math.round(vitals.lcp),
          inp: vitals.inp == null ? null : Math.round(vitals.inp),
          cls: vitals.cls == null ? null : Math.round(vitals.cls * 1000) / 1000,
          samples: vitals.samples,
        },
        generatedAt: new Date().toISOString(),
      };
    },

    /** Hourly: events older than ANALYTICS_RETENTION_DAYS are deleted. Returns how many. */
    sweep: () => repo.deleteEventsBefore(db, d.retentionDays),
  };
}
