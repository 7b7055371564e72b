import type { AnalyticsResponse, AnalyticsRange } from '#shared/analytics-types.ts';
import { parseCents } from '#shared/money.ts';

export const PERIODS: readonly { value: AnalyticsRange; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '12m', label: '12 months' },
];

export const periodLabel = (range: AnalyticsRange) => PERIODS.find((p) => p.value === range)?.label ?? range;

/** The period the figures are for: native radio buttons (arrow keys move between them), drawn as one segmented control. */
export function PeriodChoice({
  value,
  onChange,
  loading,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
  loading: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 lg:col-span-2">
      <fieldset className="flex items-center gap-3">
        <legend className="float-left mr-3 text-sm font-bold text-zinc-600">Period</legend>
        <div className="inline-flex rounded-lg border border-zinc-300 bg-white p-1">
          {PERIODS.map((p) => (
            <label key={p.value} className="relative">
              <input
                type="radio"
                name="analytics-period"
                value={p.value}
                checked={value === p.value}
                onChange={() => onChange(p.value)}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              <span className="block rounded-md px-3 py-1.5 text-sm font-semibold text-zinc-600 peer-checked:bg-zinc-900 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-700">
                {p.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {loading ? (
        <p role="status" className="text-sm text-zinc-600">
          Loading the figures for {periodLabel(value)}…
        </p>
      ) : null}
    </div>
  );
}

interface Row {
  key: string;
  label: string;
  sessions: number;
  cents: number;
}

/** The table under the chart: a row per day for 7 and 30 days, a row per month for 12 months (sums in cents). */
export function activityRows(daily: AnalyticsResponse['daily'], range: AnalyticsRange): Row[] {
  if (range !== '12m') {
    return daily.map((d) => ({ key: d.date, label: d.date, sessions: d.sessions, cents: parseCents(d.revenue) }));
  }
  const months = new Map<string, Row>();
  for (const d of daily) {
    const key = d.date.slice(0, 7);
    const row = months.get(key) ?? {
      key,
      label: new Date(`${key}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
      sessions: 0,
      cents: 0,
    };
    row.sessions += d.sessions;
    row.cents += parseCents(d.revenue);
    months.set(key, row);
  }
  return [...months.values()];
}
