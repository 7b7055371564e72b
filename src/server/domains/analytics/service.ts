import { analyticsPath } from '#shared/order-paths.ts';
import type { CollectBody } from '#shared/analytics.ts';
import {
  ANALYTICS_RANGE_DAYS,
  type AnalyticsRange,
  type AnalyticsResponse,
  DEFAULT_ANALYTICS_RANGE,
} from '#shared/analytics-types.ts';
import { formatCents } from '#shared/money.ts';
import type { ReminderFigures } from '#shared/recovery.ts';
import type { ReorderFigures } from '#shared/reorders.ts';
import type { Database } from '#db/client.ts';
import type { OrdersService } from '../orders/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import { sourceOf } from './collect.ts';
import { type DayFigures, type DaySpan, addDays, split, utcDay } from './day-spans.ts';
import * as days from './days-repo.ts';
import { createSales } from './sales.ts';
import * as repo from './repo.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** A day is rolled up once it has been over this long: its late events and the orders its sessions placed are in. */
const ROLL_AFTER_MS = 2 * 3_600_000;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/**
 * First-party analytics (docs/engineering.md §7): page views and engagement from the storefront's beacon (no
 * cookies, no IP), joined with paid orders for revenue and conversion. Every figure is computed
 * from stored facts; nothing is estimated.
 */
export function createAnalyticsService(
  db: Database,
  d: {
    orders: Pick<OrdersService, 'orderKinds' | 'renewalSales' | 'disputes'>;
    reviews: ReviewsService;
    ownHost: string;
    retentionDays: number;
    /** How old the stored vitals' p75 may be for a report to use it; 0: counted on each report (ADR 0061). */
    vitalsMaxAgeSeconds: number;
    /** The checkout reminders' figures, counted by the recovery domain (docs/decisions/0041). */
    recovery: { figures(from: string, to: string): Promise<ReminderFigures> };
    /** The reorder reminders' figures, counted by the reorders domain (docs/decisions/0051). */
    reorders: { figures(from: string, to: string): Promise<ReorderFigures> };
  },
) {
  const orderSales = createSales(db, d.orders.orderKinds, d.orders.disputes.lostTotals);

  /** Each day's figures of `span` (days without sessions left out): rolled-up days read, the others counted from their events. */
  async function figuresByDay(span: DaySpan, rolled: DaySpan | undefined): Promise<Map<string, DayFigures>> {
    const parts = split(span, rolled);
    const found = await Promise.all([
      parts.rolled ? days.readDays(db, parts.rolled) : [],
      ...parts.counted.map(async (s) => days.countDays(db, s, await orderSales.convertedSessions(s.from, s.to))),
    ]);
    return new Map(found.flat().map((f) => [f.day, f]));
  }

  /** The day to roll next: the one before the first rolled day if it has events, else the one after the last, once closed. */
  async function nextDayToRoll(closed: string): Promise<string | undefined> {
    const [rolled, first] = await Promise.all([days.rolledSpan(db), days.firstEventDay(db)]);
    if (rolled && first && first < rolled.from) return addDays(rolled.from, -1);
    const next = rolled ? addDays(rolled.to, 1) : first;
    return next && next <= closed ? next : undefined;
  }

  /** The vitals' p75: as the minute sweep stored it while it is recent enough, else counted now. */
  const vitalsP75 = async () =>
    (d.vitalsMaxAgeSeconds > 0 ? await repo.readStoredVitals(db, d.vitalsMaxAgeSeconds) : undefined) ?? repo.selectVitals(db);

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
        // An order page's path is its key: kept as /orders/:token, whatever a client sends (ADR 0038).
        path: analyticsPath(body.path.split('?')[0]?.split('#')[0] ?? '/'),
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

    /** GET /api/analytics (docs/product.md §3) for the period `range` (ADR 0032). */
    async report(range: AnalyticsRange = DEFAULT_ANALYTICS_RANGE): Promise<AnalyticsResponse> {
      const to = utcDay(Date.now());
      const period = { from: addDays(to, 1 - ANALYTICS_RANGE_DAYS[range]), to };
      const month = { from: addDays(to, -29), to };
      const rolled = await days.rolledSpan(db);
      const end = new Date(Date.parse(`${period.to}T00:00:00.000Z`) + 86_400_000);
      const [
        sales,
        testOrders,
        revenueDaily,
        dayFigures,
        sources,
        topPages,
        vitals,
        reviewStats,
        reminders,
        reorderReminders,
        renewals,
      ] = await Promise.all([
        orderSales.figures(),
        orderSales.testOrders(),
        orderSales.dailyRevenue(period.from, period.to),
        figuresByDay({ from: period.from < month.from ? period.from : month.from, to }, rolled),
        days.topSources(db, split(period, rolled), 8),
        days.topPages(db, split(period, rolled), 10),
        vitalsP75(),
        d.reviews.adminStats(),
        d.recovery.figures(period.from, period.to),
        d.reorders.figures(period.from, period.to),
        d.orders.renewalSales(new Date(`${period.from}T00:00:00.000Z`), end),
      ]);
      const sum = (span: DaySpan) => {
        const t = { sessions: 0, bounces: 0, sessionMs: 0, converted: 0 };
        for (const f of dayFigures.values()) {
          if (f.day < span.from || f.day > span.to) continue;
          t.sessions += f.sessions;
          t.bounces += f.bounces;
          t.sessionMs += f.sessionMs;
          t.converted += f.converted;
        }
        return t;
      };
      const inPeriod = sum(period);
      const totalSourceSessions = sources.reduce((s, x) => s + x.sessions, 0);

      return {
        range,
        from: period.from,
        to: period.to,
        business: {
          totalRevenue: formatCents(sales.totalCents),
          grossRevenue: formatCents(sales.grossCents),
          refunds: formatCents(sales.refundsCents),
          taxCollected: formatCents(sales.taxCollectedCents),
          last30DaysRevenue: formatCents(sales.last30Cents),
          last7DaysRevenue: formatCents(sales.last7Cents),
          averageOrderValue: formatCents(sales.orders ? Math.round(sales.grossCents / sales.orders) : 0),
          totalCustomers: sales.customers,
          newCustomers: sales.newCustomers,
          returnCustomerRate: pct(sales.returningCustomers, sales.customers),
          singleBottlesSold: sales.singles,
          bundlesSold: sales.bundles,
          bundleRate: pct(sales.bundleOrders, sales.orders),
          conversionRate: pct(inPeriod.converted, inPeriod.sessions),
          reviewStats,
          testOrders: { count: testOrders.count, total: formatCents(testOrders.totalCents) },
        },
        website: {
          last30DaysVisitors: sum(month).sessions,
          sessions: inPeriod.sessions,
          avgSessionDuration: inPeriod.sessions ? Math.round(inPeriod.sessionMs / inPeriod.sessions / 1000) : 0,
          bounceRate: pct(inPeriod.bounces, inPeriod.sessions),
        },
        daily: revenueDaily.map((r) => ({
          date: r.day,
          sessions: dayFigures.get(r.day)?.sessions ?? 0,
          revenue: formatCents(r.cents),
        })),
        topPages,
        reminders,
        reorderReminders,
        renewals: { orders: renewals.orders, revenue: formatCents(renewals.netCents) },
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

    /**
     * Every minute: the page views appended meanwhile are folded and the vitals' p75 stored (ADR 0061), and closed days not
     * rolled up yet are rolled, oldest missing first, at most `maxDays` in one call (a store that starts with a year of events catches up over a few
     * minutes, its reports exact meanwhile). Returns how many days were rolled.
     */
    async rollUp(maxDays = 31): Promise<number> {
      const closed = addDays(utcDay(Date.now() - ROLL_AFTER_MS), -1);
      await days.foldPageViews(db);
      if (d.vitalsMaxAgeSeconds > 0) await repo.storeVitals(db);
      let rolled = 0;
      while (rolled < maxDays) {
        const day = await nextDayToRoll(closed);
        if (!day) break;
        const buyers = await orderSales.convertedSessions(day, day);
        await db.transaction(async (tx) => {
          await days.lockRollup(tx);
          if (!(await days.isRolled(tx, day))) await days.rollDay(tx, day, buyers);
        });
        rolled++;
      }
      return rolled;
    },

    /** Rolls every closed day up again from its events (after events were written into past days, as the demo data is). */
    async rebuildRollups(): Promise<number> {
      await db.transaction(async (tx) => {
        await days.lockRollup(tx);
        await days.deleteRollups(tx);
      });
      let total = 0;
      for (let n = -1; n !== 0; total += n) n = await this.rollUp();
      return total;
    },

    /** Hourly: events older than ANALYTICS_RETENTION_DAYS are deleted. Returns how many. */
    sweep: () => repo.deleteEventsBefore(db, d.retentionDays),
  };
}
