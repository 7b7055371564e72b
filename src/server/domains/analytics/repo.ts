import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { analyticsEvents } from '#db/schema/index.ts';

export async function insertEvent(db: Tx, v: typeof analyticsEvents.$inferInsert): Promise<void> {
  await db.insert(analyticsEvents).values(v);
}

type Rows<T> = { rows: T[] };
const num = (v: unknown) => (v == null ? 0 : Number(v));

/**
 * Sessions of the last 30 days (a session = its events; it counts when it has a page view):
 * how many, their average duration (first to last event, the last being the engagement ping sent
 * when the page is left), how many bounced (one page view), and where each came from (its first
 * page view's source).
 */
export async function selectSessions(db: Tx) {
  const res = (await db.execute(sql`
    with s as (
      select session_id,
        extract(epoch from max(created_at) - min(created_at)) as seconds,
        count(*) filter (where type = 'pageview') as views,
        (array_agg(source order by created_at) filter (where type = 'pageview'))[1] as source
      from ${analyticsEvents}
      where created_at >= now() - interval '30 days'
      group by session_id
    )
    select count(*)::int as sessions,
      coalesce(avg(seconds), 0)::float8 as avg_seconds,
      count(*) filter (where views = 1)::int as bounces
    from s where views > 0
  `)) as unknown as Rows<Record<string, unknown>>;
  const r = res.rows[0] ?? {};
  return { sessions: num(r.sessions), avgSeconds: num(r.avg_seconds), bounces: num(r.bounces) };
}

export async function selectSources(db: Tx): Promise<{ source: string; sessions: number }[]> {
  const res = (await db.execute(sql`
    with s as (
      select (array_agg(source order by created_at))[1] as source
      from ${analyticsEvents}
      where created_at >= now() - interval '30 days' and type = 'pageview'
      group by session_id
    )
    select coalesce(source, 'direct') as source, count(*)::int as sessions from s group by 1 order by 2 desc, 1 limit 8
  `)) as unknown as Rows<{ source: string; sessions: number }>;
  return res.rows.map((r) => ({ source: r.source, sessions: num(r.sessions) }));
}

export async function selectTopPages(db: Tx): Promise<{ path: string; views: number }[]> {
  const res = (await db.execute(sql`
    select path, count(*)::int as views from ${analyticsEvents}
    where type = 'pageview' and created_at >= now() - interval '30 days'
    group by path order by views desc, path limit 10
  `)) as unknown as Rows<{ path: string; views: number }>;
  return res.rows.map((r) => ({ path: r.path, views: num(r.views) }));
}

/** Sessions per UTC day for the last `days` days, today included. */
export async function selectDailySessions(db: Tx, days: number): Promise<{ day: string; sessions: number }[]> {
  const res = (await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(distinct session_id)::int from ${analyticsEvents}
        where type = 'pageview' and created_at >= d and created_at < d + interval '1 day') as sessions
    from generate_series(date_trunc('day', now()) - make_interval(days => ${days - 1}), date_trunc('day', now()), interval '1 day') as d
    order by d
  `)) as unknown as Rows<{ day: string; sessions: number }>;
  return res.rows.map((r) => ({ day: r.day, sessions: num(r.sessions) }));
}

/** How many of these sessions had a page view in the last 30 days. */
export async function countSessionsAmong(db: Tx, sessionIds: string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${analyticsEvents.sessionId})::int` })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.type, 'pageview'),
        gte(analyticsEvents.createdAt, sql`now() - interval '30 days'`),
        inArray(analyticsEvents.sessionId, sessionIds),
      ),
    );
  return num(row?.n);
}

/** Deletes events older than `days` days; returns how many. */
export async function deleteEventsBefore(db: Tx, days: number): Promise<number> {
  const rows = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: analyticsEvents.id });
  return rows.length;
}

/** p75 of each Core Web Vital over the last 30 days. */
export async function selectVitals(db: Tx) {
  const res = (await db.execute(sql`
    select
      percentile_cont(0.75) within group (order by (props->'vitals'->>'lcp')::float8) filter (where props->'vitals'->>'lcp' is not null) as lcp,
      percentile_cont(0.75) within group (order by (props->'vitals'->>'inp')::float8) filter (where props->'vitals'->>'inp' is not null) as inp,
      percentile_cont(0.75) within group (order by (props->'vitals'->>'cls')::float8) filter (where props->'vitals'->>'cls' is not null) as cls,
      count(*)::int as samples
    from ${analyticsEvents}
    where type = 'vitals' and created_at >= now() - interval '30 days'
  `)) as unknown as Rows<Record<string, unknown>>;
  const r = res.rows[0] ?? {};
  const orNull = (v: unknown) => (v == null ? null : Number(v));
  return { lcp: orNull(r.lcp), inp: orNull(r.inp), cls: orNull(r.cls), samples: num(r.samples) };
}
