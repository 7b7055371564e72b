import { type ReactNode, useState } from 'react';
import { useSearchParams } from '../../app/router.tsx';
import { ANALYTICS_RANGES, type AnalyticsRange } from '#shared/analytics-types.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { useAnalytics } from './api/get-analytics.ts';
import { DailyChart, SourcesChart } from './charts.tsx';
import { activityRows, PeriodChoice, periodLabel } from './period.tsx';

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 ${className}`}>
      <h3 className="text-sm font-bold uppercase tracking-wider text-zinc-500">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figures({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-zinc-500">{label}</dt>
          <dd className="text-lg font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Core Web Vitals thresholds (web.dev): good / needs improvement / poor. */
function vitalRating(metric: 'lcp' | 'inp' | 'cls', v: number): string {
  const [good, poor] = metric === 'lcp' ? [2500, 4000] : metric === 'inp' ? [200, 500] : [0.1, 0.25];
  return v <= good ? 'good' : v <= poor ? 'needs improvement' : 'poor';
}

const isRange = (v: string | null): v is AnalyticsRange => ANALYTICS_RANGES.includes(v as AnalyticsRange);

/**
 * The tab's period until the owner chooses one: 30 days, asked for by name (the API's own default
 * is 7 days, for its other callers).
 */
const FIRST_RANGE: AnalyticsRange = '30d';

/**
 * docs/product.md §2 "Analytics tab", from first-party, cookie-less data, for the period chosen
 * (ADR 0032), which the address keeps (`?tab=analytics&range=12m`) so a reload shows it again.
 */
export function AnalyticsTab() {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState<AnalyticsRange>(() => {
    const asked = params.get('range');
    return isRange(asked) ? asked : FIRST_RANGE;
  });
  const q = useAnalytics(range);
  const choose = (next: AnalyticsRange) => {
    setRange(next);
    setParams(
      (p) => {
        p.set('tab', 'analytics');
        p.set('range', next);
        return p;
      },
      { replace: true },
    );
  };

  if (q.isPending)
    return <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">Loading analytics...</p>;
  if (q.isError) {
    return (
      <div role="alert" className="rounded-xl border border-zinc-200 bg-white p-10 text-center">
        <p className="text-lg font-bold">Analytics Error</p>
        <p className="mt-1 text-sm text-zinc-600">The figures could not be loaded.</p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    );
  }
  const { business: b, website: w, daily, topPages, trafficSources, vitals } = q.data;
  const r = b.reviewStats;
  // While another period loads, the figures on screen are the previous period's: they are named for it.
  const shown = q.data.range;
  const period = periodLabel(shown);
  const rows = activityRows(daily, shown);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <PeriodChoice value={range} onChange={choose} loading={q.isPlaceholderData} />
      <Card title="Revenue Metrics">
        <Figures
          rows={[
            ['Total revenue (net of refunds)', formatUsd(parseCents(b.totalRevenue))],
            ['Gross sales', formatUsd(parseCents(b.grossRevenue))],
            ['Refunds', formatUsd(parseCents(b.refunds))],
            ['Sales tax collected (not revenue)', formatUsd(parseCents(b.taxCollected))],
            ['Last 30 days', formatUsd(parseCents(b.last30DaysRevenue))],
            ['Last 7 days', formatUsd(parseCents(b.last7DaysRevenue))],
            ['Average order value', formatUsd(parseCents(b.averageOrderValue))],
          ]}
        />
        {b.testOrders.count > 0 ? (
          <p className="mt-3 text-xs text-zinc-600">
            Not counted: {b.testOrders.count} test {b.testOrders.count === 1 ? 'order' : 'orders'} (
            {formatUsd(parseCents(b.testOrders.total))}) paid with test payments.
          </p>
        ) : null}
      </Card>
      <Card title="Customer Insights">
        <Figures
          rows={[
            ['Total customers', String(b.totalCustomers)],
            ['New in 30 days', String(b.newCustomers)],
            ['Return rate', `${b.returnCustomerRate}%`],
          ]}
        />
      </Card>
      <Card title="Product Performance">
        <Figures
          rows={[
            ['Single bottles sold', String(b.singleBottlesSold)],
            ['3-pack bundles sold', String(b.bundlesSold)],
            ['Bundle rate', `${b.bundleRate}%`],
          ]}
        />
      </Card>
      <Card title="Website Traffic">
        <Figures
          rows={[
            ['Sessions (30 days)', String(w.last30DaysVisitors)],
            ...(shown === '30d' ? [] : ([[`Sessions (${period})`, String(w.sessions)]] as [string, string][])),
            ['Avg. session duration', `${w.avgSessionDuration} s`],
            ['Bounce rate', `${w.bounceRate}%`],
            ['Conversion rate', `${b.conversionRate}%`],
          ]}
        />
        <p className="mt-3 text-xs text-zinc-600">Duration, bounce and conversion over the last {period}.</p>
      </Card>
      <Card title="Checkout Reminders">
        <Figures
          rows={[
            ['Reminders sent', String(q.data.reminders.sent)],
            ['Orders recovered', String(q.data.reminders.ordersRecovered)],
            ['Revenue recovered', formatUsd(parseCents(q.data.reminders.revenueRecovered))],
          ]}
        />
        <p className="mt-3 text-xs text-zinc-600">
          Over the last {period}: paid orders placed by a reminded address within 7 days of its reminder, net of refunds.
        </p>
      </Card>
      <Card title="Reorder Reminders">
        <Figures
          rows={[
            ['Reminders sent', String(q.data.reorderReminders.sent)],
            ['Reorders', String(q.data.reorderReminders.reorders)],
            ['Reorder revenue', formatUsd(parseCents(q.data.reorderReminders.revenue))],
          ]}
        />
        <p className="mt-3 text-xs text-zinc-600">
          Over the last {period}: paid orders placed within 14 days from a cart a reminder’s Reorder link filled, net of refunds.
        </p>
      </Card>
      <Card title="Daily Activity" className="lg:col-span-2">
        <DailyChart daily={daily} period={period} />
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">
            Sessions and revenue per {shown === '12m' ? 'month' : 'day'}, the last {period}
          </caption>
          <thead>
            <tr className="text-left text-zinc-500">
              <th className="py-1 font-semibold">{shown === '12m' ? 'Month' : 'Date'}</th>
              <th className="py-1 text-right font-semibold">Sessions</th>
              <th className="py-1 text-right font-semibold">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.key} className="border-t border-zinc-100">
                <td className="py-1">{d.label}</td>
                <td className="py-1 text-right tabular-nums">{d.sessions}</td>
                <td className="py-1 text-right tabular-nums">{formatUsd(d.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title="Top Pages">
        <p className="-mt-1 mb-2 text-xs text-zinc-600">The last {period}</p>
        {topPages.length === 0 ? (
          <p className="text-sm text-zinc-600">No page views in the last {period} yet.</p>
        ) : (
          <ol className="grid gap-1 text-sm">
            {topPages.map((p) => (
              <li key={p.path} className="flex justify-between gap-3">
                <span className="truncate font-mono">{p.path}</span>
                <span className="tabular-nums">{p.views}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="Traffic Sources">
        <p className="-mt-1 mb-2 text-xs text-zinc-600">The last {period}</p>
        {trafficSources.length === 0 ? (
          <p className="text-sm text-zinc-600">No sessions in the last {period} yet.</p>
        ) : (
          <SourcesChart sources={trafficSources} />
        )}
      </Card>
      <Card title="Review Analytics">
        <Figures
          rows={[
            ['Total reviews', String(r.totalReviews)],
            ['Average rating', r.totalReviews ? r.averageRating.toFixed(1) : '—'],
            ['Verified purchases', String(r.verifiedReviews)],
            ['Pending approval', String(r.pendingReviews)],
          ]}
        />
      </Card>
      <Card title="Core Web Vitals (p75, 30 days)">
        {vitals.samples === 0 ? (
          <p className="text-sm text-zinc-600">No measurements yet: they arrive as shoppers visit.</p>
        ) : (
          <Figures
            rows={[
              ['LCP', vitals.lcp == null ? '—' : `${vitals.lcp} ms (${vitalRating('lcp', vitals.lcp)})`],
              ['INP', vitals.inp == null ? '—' : `${vitals.inp} ms (${vitalRating('inp', vitals.inp)})`],
              ['CLS', vitals.cls == null ? '—' : `${vitals.cls} (${vitalRating('cls', vitals.cls)})`],
              ['Page loads measured', String(vitals.samples)],
            ]}
          />
        )}
      </Card>
      <Card title="Subscription Renewals">
        <Figures
          rows={[
            ['Renewal orders', String(q.data.renewals.orders)],
            ['Renewal revenue', formatUsd(parseCents(q.data.renewals.revenue))],
          ]}
        />
        <p className="mt-3 text-xs text-zinc-600">
          Over the last {period}: subscriptions’ renewal orders paid, net of refunds and sales tax. Counts, monthly recurring
          revenue and churn are on the Subscriptions tab.
        </p>
      </Card>
      <p className="text-xs text-zinc-600 lg:col-span-2">
        All figures are first-party and cookie-less: counted from this store's own page views and paid orders, with no cookies and
        no IP addresses. Last updated {new Date(q.data.generatedAt).toLocaleTimeString('en-US')}.
      </p>
    </div>
  );
}
