import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsResponse } from '#shared/analytics-types.ts';
import { formatUsd, parseCents } from '#shared/money.ts';

const short = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Daily sessions (bars) and revenue (line) for the last 7 days. */
export function DailyChart({ daily }: { daily: AnalyticsResponse['daily'] }) {
  // The line needs a number; the tooltip shows the day's exact sum, formatted as everywhere else.
  const data = daily.map((d) => ({
    day: short(d.date),
    sessions: d.sessions,
    revenue: Number(d.revenue),
    revenueText: formatUsd(parseCents(d.revenue)),
  }));
  return (
    <div className="h-64 w-full" role="img" aria-label="Sessions and revenue per day for the last 7 days">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="s" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="r" orientation="right" tick={{ fontSize: 12 }} tickFormatter={(v: number) => `$${v}`} />
          <Tooltip
            formatter={(v, name, item) => (name === 'Revenue' ? (item.payload as (typeof data)[number]).revenueText : v)}
          />
          <Legend />
          <Bar yAxisId="s" dataKey="sessions" name="Sessions" fill="#a1a1aa" radius={[4, 4, 0, 0]} />
          <Line yAxisId="r" dataKey="revenue" name="Revenue" stroke="#b45309" strokeWidth={2} dot />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Share of sessions by source. */
export function SourcesChart({ sources }: { sources: AnalyticsResponse['trafficSources'] }) {
  return (
    <div className="h-56 w-full" role="img" aria-label="Share of sessions by traffic source">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={sources} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" horizontal={false} />
          <XAxis type="number" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="source" width={96} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => `${v}%`} />
          <Bar dataKey="percentage" name="Sessions" fill="#b45309" radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
