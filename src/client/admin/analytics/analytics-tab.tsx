import { lazy, type ReactNode, Suspense } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { useAnalytics } from './api/get-analytics.ts';

// recharts loads with this tab only.
const DailyChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.DailyChart })));
const SourcesChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.SourcesChart })));

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

/** docs/product.md §2 "Analytics tab", from first-party, cookie-less data. */
export function AnalyticsTab() {
  const q = useAnalytics();

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
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Revenue Metrics">
        <Figures
          rows={[
            ['Total revenue (net of refunds)', formatUsd(parseCents(b.totalRevenue))],
            ['Gross sales', formatUsd(parseCents(b.grossRevenue))],
            ['Refunds', formatUsd(parseCents(b.refunds))],
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
            ['Avg. session duration', `${w.avgSessionDuration} s`],
            ['Bounce rate', `${w.bounceRate}%`],
            ['Conversion rate', `${b.conversionRate}%`],
          ]}
        />
      </Card>
      <Card title="Daily Activity" className="lg:col-span-2">
        <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-zinc-100" />}>
          <DailyChart daily={daily} />
        </Suspense>
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Sessions and revenue per day</caption>
          <thead>
            <tr className="text-left text-zinc-500">
              <th className="py-1 font-semibold">Date</th>
              <th className="py-1 text-right font-semibold">Sessions</th>
              <th className="py-1 text-right font-semibold">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date} className="border-t border-zinc-100">
                <td className="py-1">{d.date}</td>
                <td className="py-1 text-right tabular-nums">{d.sessions}</td>
                <td className="py-1 text-right tabular-nums">{formatUsd(parseCents(d.revenue))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title="Top Pages">
        {topPages.length === 0 ? (
          <p className="text-sm text-zinc-600">No page views in the last 30 days yet.</p>
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
        {trafficSources.length === 0 ? (
          <p className="text-sm text-zinc-600">No sessions in the last 30 days yet.</p>
        ) : (
          <>
            <Suspense fallback={<div className="h-56 animate-pulse rounded-lg bg-zinc-100" />}>
              <SourcesChart sources={trafficSources} />
            </Suspense>
            <ul className="mt-2 grid gap-1 text-sm">
              {trafficSources.map((s) => (
                <li key={s.source} className="flex justify-between">
                  <span>{s.source}</span>
                  <span className="tabular-nums">{s.percentage}%</span>
                </li>
              ))}
            </ul>
          </>
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
      <p className="text-xs text-zinc-500 lg:col-span-2">
        All figures are first-party and cookie-less: counted from this store's own page views and paid orders, with no cookies and
        no IP addresses. Last updated {new Date(q.data.generatedAt).toLocaleTimeString('en-US')}.
      </p>
    </div>
  );
}
