import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import {
  analyticsDayPages,
  analyticsDaySources,
  analyticsDays,
  analyticsEvents,
  analyticsPageViews,
  analyticsSessions,
} from '#db/schema/index.ts';

/**
 * The analytics figures by UTC day (ADR 0032, 0061): read from the rollup tables for closed days,
 * and from the live rollups (the sessions and page views the events' triggers keep) for the days
 * not rolled up yet, the same figures either way. A session is a session id's events on one day;
 * it counts when it has a page view, and comes from its first page view's source.
 */

/** A run of whole UTC days, YYYY-MM-DD, both ends included. */
export interface DaySpan {
  from: string;
  to: string;
}

/** The sessions of a day: how many, bounces, their summed duration, how many converted. */
export interface DayFigures {
  day: string;
  sessions: number;
  bounces: number;
  sessionMs: number;
  converted: number;
}

type Rows<T> = { rows: T[] };
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
const inSpan = (s: DaySpan) =>
  sql`${analyticsEvents.createdAt} >= ${dayStart(s.from)} and ${analyticsEvents.createdAt} < ${dayStart(s.to)} + interval '1 day'`;
/** Sessions that converted, as `YYYY-MM-DD|session id`: one JSON parameter read as a set, however many. */
const convertedIn = (keys: string[]) =>
  sql`(day || '|' || session_id) in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;

/** Each session of the span's days, from its events. */
const sessionsOf = (s: DaySpan) => sql`
  select to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${analyticsEvents.sessionId} as session_id,
    (extract(epoch from max(${analyticsEvents.createdAt}) - min(${analyticsEvents.createdAt})) * 1000)::bigint as ms,
    count(*) filter (where ${analyticsEvents.type} = 'pageview') as views,
    (array_agg(${analyticsEvents.source} order by ${analyticsEvents.createdAt}, ${analyticsEvents.id})
      filter (where ${analyticsEvents.type} = 'pageview'))[1] as source
  from ${analyticsEvents} where ${inSpan(s)} group by 1, 2`;

const toFigures = (r: Record<string, unknown>): DayFigures => ({
  day: String(r.day),
  sessions: Number(r.sessions),
  bounces: Number(r.bounces),
  sessionMs: Number(r.session_ms),
  converted: Number(r.converted),
});

const S = analyticsSessions;
const inLiveSpan = (s: DaySpan) => sql`${S.day} between ${s.from}::date and ${s.to}::date and ${S.views} > 0`;

/**
 * The span's days that had sessions, from the live rollup, grouped by day without a row-by-row
 * key; `buyers` (`YYYY-MM-DD|session id`, the sessions that placed a paid order) looked up by the
 * rollup's key.
 */
export async function countDays(db: Tx, span: DaySpan, buyers: string[]): Promise<DayFigures[]> {
  const res = (await db.execute(sql`
    with b as (
      select split_part(k, '|', 1)::date as day, split_part(k, '|', 2) as session_id
      from jsonb_array_elements_text(${JSON.stringify(buyers)}::jsonb) as k
    ),
    converted as (
      select ${S.day} as day, count(*) as n from ${S} join b on b.day = ${S.day} and b.session_id = ${S.sessionId}
      where ${inLiveSpan(span)} group by 1
    )
    select to_char(f.day, 'YYYY-MM-DD') as day, f.sessions, f.bounces, f.session_ms, coalesce(c.n, 0) as converted
    from (
      select ${S.day} as day, count(*) as sessions, count(*) filter (where ${S.views} = 1) as bounces,
        sum((extract(epoch from ${S.lastAt} - ${S.firstAt}) * 1000)::bigint) as session_ms
      from ${S} where ${inLiveSpan(span)} group by 1
    ) f left join converted c on c.day = f.day
    order by f.day`)) as unknown as Rows<Record<string, unknown>>;
  return res.rows.map(toFigures);
}

/** The rolled-up days of the span (every day has a row, sessions or not). */
export async function readDays(db: Tx, span: DaySpan): Promise<DayFigures[]> {
  const res = (await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sessions, bounces, session_ms, converted from ${analyticsDays}
    where day between ${span.from}::date and ${span.to}::date order by day`)) as unknown as Rows<Record<string, unknown>>;
  return res.rows.map(toFigures);
}

/** Parts of a top list: rolled-up rows of one span, and events counted for others. */
const rolledRows = (table: SQL, column: SQL, value: SQL, span: DaySpan | undefined) =>
  span
    ? sql`select ${column} as key, ${value} as n from ${table} where day between ${span.from}::date and ${span.to}::date`
    : sql`select null::text as key, 0::bigint as n where false`;

/** The span's most visited paths, page views read from the live rollup for `counted` spans and from the day rollup for `rolled`. */
export async function topPages(
  db: Tx,
  parts: { rolled?: DaySpan; counted: DaySpan[] },
  limit: number,
): Promise<{ path: string; views: number }[]> {
  const counted = parts.counted.map(
    (s) => sql` union all select ${analyticsPageViews.path}, sum(${analyticsPageViews.views}) from ${analyticsPageViews}
      where ${analyticsPageViews.day} between ${s.from}::date and ${s.to}::date group by 1`,
  );
  const res = (await db.execute(sql`
    select key as path, sum(n)::bigint as views from (
      ${rolledRows(sql`${analyticsDayPages}`, sql`path`, sql`views`, parts.rolled)}${sql.join(counted, sql``)}
    ) p group by key having sum(n) > 0 order by 2 desc, 1 limit ${limit}`)) as unknown as Rows<{ path: string; views: string }>;
  return res.rows.map((r) => ({ path: r.path, views: Number(r.views) }));
}

/** The span's sessions by source, most first, read from the live rollup for `counted` spans and from the day rollup for `rolled`. */
export async function topSources(
  db: Tx,
  parts: { rolled?: DaySpan; counted: DaySpan[] },
  limit: number,
): Promise<{ source: string; sessions: number }[]> {
  const counted = parts.counted.map(
    (s) => sql` union all select coalesce(${S.source}, 'direct'), count(*) from ${S} where ${inLiveSpan(s)} group by 1`,
  );
  const res = (await db.execute(sql`
    select key as source, sum(n)::bigint as sessions from (
      ${rolledRows(sql`${analyticsDaySources}`, sql`source`, sql`sessions`, parts.rolled)}${sql.join(counted, sql``)}
    ) p group by key order by 2 desc, 1 limit ${limit}`)) as unknown as Rows<{ source: string; sessions: string }>;
  return res.rows.map((r) => ({ source: r.source, sessions: Number(r.sessions) }));
}

/** The first and last rolled-up day; undefined when none is. */
export async function rolledSpan(db: Tx): Promise<DaySpan | undefined> {
  const res = (await db.execute(sql`
    select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last from ${analyticsDays}`)) as unknown as Rows<{
    first: string | null;
    last: string | null;
  }>;
  const r = res.rows[0];
  return r?.first && r.last ? { from: r.first, to: r.last } : undefined;
}

/** The first day that has an event; undefined when none has. */
export async function firstEventDay(db: Tx): Promise<string | undefined> {
  const res = (await db.execute(sql`
    select to_char(min(${analyticsEvents.createdAt}) at time zone 'UTC', 'YYYY-MM-DD') as day from ${analyticsEvents}`)) as unknown as Rows<{
    day: string | null;
  }>;
  return res.rows[0]?.day ?? undefined;
}

/** The advisory lock that makes rollups one at a time across the store's instances. */
const ROLLUP_LOCK = 0x0a11_da75;
export async function lockRollup(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
}

export async function isRolled(tx: Tx, day: string): Promise<boolean> {
  const res = (await tx.execute(sql`select 1 from ${analyticsDays} where day = ${day}::date`)) as unknown as Rows<unknown>;
  return res.rows.length > 0;
}

/** Rolls one closed day up from its events, in one statement: its figures (a row even without sessions), sources and pages. */
export async function rollDay(tx: Tx, day: string, buyers: string[]): Promise<void> {
  const span = { from: day, to: day };
  await tx.execute(sql`
    with s as (${sessionsOf(span)}),
    figures as (
      insert into ${analyticsDays} (day, sessions, bounces, session_ms, converted)
      select ${day}::date, count(*), count(*) filter (where views = 1), coalesce(sum(ms), 0),
        count(*) filter (where ${convertedIn(buyers)})
      from s where views > 0
      returning 1
    ),
    sources as (
      insert into ${analyticsDaySources} (day, source, sessions)
      select ${day}::date, coalesce(source, 'direct'), count(*) from s where views > 0 group by 2
      returning 1
    )
    insert into ${analyticsDayPages} (day, path, views)
    select ${day}::date, ${analyticsEvents.path}, count(*) from ${analyticsEvents}
    where ${analyticsEvents.type} = 'pageview' and ${inSpan(span)} group by 2`);
}

/** Forgets every rolled-up day, to roll them again from the events. */
export async function deleteRollups(tx: Tx): Promise<void> {
  await tx.execute(sql`delete from ${analyticsDayPages}`);
  await tx.execute(sql`delete from ${analyticsDaySources}`);
  await tx.execute(sql`delete from ${analyticsDays}`);
}

/**
 * Folds the page views appended for a day and path into one row, in one statement: rows another
 * instance folds meanwhile are skipped here, so each is counted once; a report sees the fold whole or not at all.
 */
export async function foldPageViews(db: Tx): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from ${analyticsPageViews} where (day, path) in (
        select day, path from ${analyticsPageViews} group by 1, 2 having count(*) > 1)
      returning day, path, views)
    insert into ${analyticsPageViews} (day, path, views)
    select day, path, sum(views) from gone group by 1, 2 having sum(views) <> 0`);
}
