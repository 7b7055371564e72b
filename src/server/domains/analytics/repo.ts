import { lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { analyticsEvents, analyticsVitals, analyticsVitalsP75 } from '#db/schema/index.ts';

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

/** p75 of each Core Web Vital over the 30 days before now, and how many samples, from the samples' own narrow rows (ADR 0061). */
const P75 = sql`
  select
    percentile_cont(0.75) within group (order by lcp) filter (where lcp is not null) as lcp,
    percentile_cont(0.75) within group (order by inp) filter (where inp is not null) as inp,
    percentile_cont(0.75) within group (order by cls) filter (where cls is not null) as cls,
    count(*)::int as samples
  from ${analyticsVitals}
  where ${analyticsVitals.at} >= now() - interval '30 days'`;

type Vitals = { lcp: number | null; inp: number | null; cls: number | null; samples: number };
const orNull = (v: unknown) => (v == null ? null : Number(v));
const toVitals = (r: Record<string, unknown> = {}): Vitals => ({
  lcp: orNull(r.lcp),
  inp: orNull(r.inp),
  cls: orNull(r.cls),
  samples: num(r.samples),
});

/** p75 of each Core Web Vital over the last 30 days, counted from the samples. */
export async function selectVitals(db: Tx): Promise<Vitals> {
  const res = (await db.execute(P75)) as unknown as Rows<Record<string, unknown>>;
  return toVitals(res.rows[0]);
}

/** Counts the p75 and stores it with its time, in one statement (the minute sweep; instances at once each store a correct row). */
export async function storeVitals(db: Tx): Promise<void> {
  await db.execute(sql`
    insert into ${analyticsVitalsP75} (id, lcp, inp, cls, samples, computed_at)
    select 1, lcp, inp, cls, samples, now() from (${P75}) p
    on conflict (id) do update set lcp = excluded.lcp, inp = excluded.inp, cls = excluded.cls,
      samples = excluded.samples, computed_at = excluded.computed_at`);
}

/** The stored p75 when it was counted less than `maxAgeSeconds` ago; undefined otherwise. */
export async function readStoredVitals(db: Tx, maxAgeSeconds: number): Promise<Vitals | undefined> {
  const res = (await db.execute(sql`
    select lcp, inp, cls, samples from ${analyticsVitalsP75}
    where id = 1 and computed_at > now() - make_interval(secs => ${maxAgeSeconds})`)) as unknown as Rows<Record<string, unknown>>;
  return res.rows[0] ? toVitals(res.rows[0]) : undefined;
}
