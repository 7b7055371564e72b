import { lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { analyticsEvents, analyticsVitals } from '#db/schema/index.ts';

export async function insertEvent(db: Tx, v: typeof analyticsEvents.$inferInsert): Promise<void> {
  await db.insert(analyticsEvents).values(v);
}

type Rows<T> = { rows: T[] };
const num = (v: unknown) => (v == null ? 0 : Number(v));

/** Deletes events older than `days` days; returns how many. */
export async function deleteEventsBefore(db: Tx, days: number): Promise<number> {
  const rows = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: analyticsEvents.id });
  return rows.length;
}

/** p75 of each Core Web Vital over the last 30 days, from the samples' own narrow rows (ADR 0061). */
export async function selectVitals(db: Tx) {
  const res = (await db.execute(sql`
    select
      percentile_cont(0.75) within group (order by lcp) filter (where lcp is not null) as lcp,
      percentile_cont(0.75) within group (order by inp) filter (where inp is not null) as inp,
      percentile_cont(0.75) within group (order by cls) filter (where cls is not null) as cls,
      count(*)::int as samples
    from ${analyticsVitals}
    where ${analyticsVitals.at} >= now() - interval '30 days'
  `)) as unknown as Rows<Record<string, unknown>>;
  const r = res.rows[0] ?? {};
  const orNull = (v: unknown) => (v == null ? null : Number(v));
  return { lcp: orNull(r.lcp), inp: orNull(r.inp), cls: orNull(r.cls), samples: num(r.samples) };
}
