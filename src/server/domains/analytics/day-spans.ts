export type { DayFigures, DaySpan } from './days-repo.ts';
import type { DaySpan } from './days-repo.ts';

const DAY_MS = 86_400_000;

/** The UTC day of a time, YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/**
 * A span of days cut where the rollup covers it: the part read from the rollup, and the parts
 * before and after it, counted from events.
 */
export function split(span: DaySpan, rolled: DaySpan | undefined): { rolled?: DaySpan; counted: DaySpan[] } {
  if (!rolled || rolled.to < span.from || rolled.from > span.to) return { counted: [span] };
  const counted: DaySpan[] = [];
  if (span.from < rolled.from) counted.push({ from: span.from, to: addDays(rolled.from, -1) });
  if (span.to > rolled.to) counted.push({ from: addDays(rolled.to, 1), to: span.to });
  return {
    rolled: { from: span.from > rolled.from ? span.from : rolled.from, to: span.to < rolled.to ? span.to : rolled.to },
    counted,
  };
}
