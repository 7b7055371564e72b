import { type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import type { AnalyticsResponse } from '#shared/analytics-types.ts';
import { formatUsd, parseCents } from '#shared/money.ts';

/**
 * The Analytics tab's charts, drawn as plain SVG (ADR 0035): a year is 365 bars and a line, two
 * paths in all, so drawing it never holds the page. Every figure is also in the table beside it.
 */

const HEIGHT = 256;
const PAD = { top: 8, right: 52, bottom: 24, left: 40 };
/** Past a month, the line's dots are left out: a year is 365 points. */
const DETAILED_MAX = 31;

const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A round top for an axis and its step: 1, 2 or 5 times a power of ten, four steps. */
function scale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  return { top: step * 4, step };
}

/** The width the chart has, followed as the window changes. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Daily sessions (bars) and revenue (line) for the period, with the day under the pointer told in a tip. */
export function DailyChart({ daily, period }: { daily: AnalyticsResponse['daily']; period: string }) {
  const [ref, width] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const cents = daily.map((d) => parseCents(d.revenue));
  const s = scale(Math.max(0, ...daily.map((d) => d.sessions)));
  const r = scale(Math.max(0, ...cents) / 100);
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = daily.length ? plotW / daily.length : 0;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const ys = (v: number) => PAD.top + plotH - (v / s.top) * plotH;
  const yr = (c: number) => PAD.top + plotH - (c / 100 / r.top) * plotH;
  const barW = Math.max(1, slot * (daily.length > DETAILED_MAX ? 0.8 : 0.6));
  const bars = daily
    .map((d, i) => (d.sessions > 0 ? `M${x(i) - barW / 2},${PAD.top + plotH}V${ys(d.sessions)}h${barW}V${PAD.top + plotH}Z` : ''))
    .join('');
  const line = cents.map((c, i) => `${i ? 'L' : 'M'}${x(i)},${yr(c)}`).join('');
  const ticks = [0, 1, 2, 3, 4];
  const labels = Math.max(2, Math.min(daily.length, Math.floor(plotW / 72)));
  const every = Math.ceil(daily.length / labels);
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.floor((e.clientX - box.left - PAD.left) / slot);
    setHover(i >= 0 && i < daily.length ? i : null);
  };
  const shown = hover === null ? undefined : daily[hover];
  return (
    <div>
      <div
        ref={ref}
        className="relative h-64 w-full"
        role="img"
        aria-label={`Sessions and revenue per day for the last ${period}`}
      >
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            className="block"
            aria-hidden="true"
            onPointerMove={onMove}
            onPointerLeave={() => setHover(null)}
          >
            {ticks.map((t) => (
              <g key={t} className="text-[11px]">
                <line
                  x1={PAD.left}
                  x2={PAD.left + plotW}
                  y1={ys(t * s.step)}
                  y2={ys(t * s.step)}
                  stroke="#e4e4e7"
                  strokeDasharray="3 3"
                />
                <text x={PAD.left - 6} y={ys(t * s.step) + 4} textAnchor="end" fill="#71717a">
                  {t * s.step}
                </text>
                <text x={PAD.left + plotW + 6} y={ys(t * s.step) + 4} fill="#71717a">
                  ${(t * r.step).toLocaleString('en-US')}
                </text>
              </g>
            ))}
            <path d={bars} fill="#a1a1aa" />
            <path d={line} fill="none" stroke="#b45309" strokeWidth={daily.length > DETAILED_MAX ? 1.5 : 2} />
            {daily.length <= DETAILED_MAX
              ? cents.map((c, i) => (
                  <circle key={daily[i]?.date} cx={x(i)} cy={yr(c)} r={3} fill="#fff" stroke="#b45309" strokeWidth={2} />
                ))
              : null}
            {daily.map((d, i) =>
              i % every === (daily.length - 1) % every ? (
                <text key={d.date} x={x(i)} y={HEIGHT - 6} textAnchor="middle" className="text-[11px]" fill="#71717a">
                  {shortDay(d.date)}
                </text>
              ) : null,
            )}
            {hover !== null ? (
              <line x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={PAD.top + plotH} stroke="#18181b" strokeOpacity={0.3} />
            ) : null}
          </svg>
        ) : null}
        {shown && hover !== null ? (
          <div
            className="pointer-events-none absolute top-2 rounded-md border border-zinc-200 bg-white px-2 py-1 text-xs shadow-sm"
            style={x(hover) > width / 2 ? { right: width - x(hover) + 8 } : { left: x(hover) + 8 }}
          >
            <p className="font-bold">{shortDay(shown.date)}</p>
            <p>{shown.sessions} sessions</p>
            <p>{formatUsd(parseCents(shown.revenue))} revenue</p>
          </div>
        ) : null}
      </div>
      <p className="mt-1 flex justify-center gap-4 text-xs text-zinc-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-amber-700" /> Revenue
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 bg-zinc-400" /> Sessions
        </span>
      </p>
    </div>
  );
}

/** Share of sessions by source: a bar each, the figures beside them. */
export function SourcesChart({ sources }: { sources: AnalyticsResponse['trafficSources'] }) {
  return (
    <ul className="grid gap-2 text-sm" aria-label="Share of sessions by traffic source">
      {sources.map((s) => (
        <li key={s.source} className="grid grid-cols-[minmax(0,9rem)_1fr_3.5rem] items-center gap-2">
          <span className="truncate" title={s.source}>
            {s.source}
          </span>
          <span className="h-3 rounded-sm bg-zinc-100">
            <span className="block h-3 rounded-sm bg-amber-700" style={{ width: `${s.percentage}%` }} />
          </span>
          <span className="text-right tabular-nums">{s.percentage}%</span>
        </li>
      ))}
    </ul>
  );
}
