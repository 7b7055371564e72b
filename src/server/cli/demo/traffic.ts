import { sql } from 'drizzle-orm';
import { ARTICLES } from '#content/articles/index.ts';
import type { Tx } from '#db/client.ts';
import { pick, NOW, type Random, weighted } from './random.ts';

/** Where visits come from, as the beacon records them (a referrer's host, or a campaign's utm_source), and how often. */
const SOURCES = [
  ['direct', 34],
  ['google.com', 30],
  ['instagram.com', 14],
  ['newsletter', 8],
  ['bing.com', 5],
  ['reddit.com', 5],
  ['facebook.com', 4],
] as const;
const LANDINGS = [
  ['/', 40],
  ['/product/5', 20],
  ['/product/6', 12],
  ['/education', 8],
  ['/safety', 5],
  ['/smelling-salts-for-focus', 5],
  ['/smelling-salts-vs-pre-workout', 5],
  ['/smelling-salts-myths-facts', 5],
] as const;
const PATHS = ['/', '/product/5', '/product/6', '/contact', ...ARTICLES.map((a) => a.path)];

/** Average events a session writes: its page views, an engagement ping, a vitals sample in one of four. */
export const EVENTS_PER_SESSION = 3.7;

/**
 * The year's visits (a temporary table): each session's day, start, page views, source, visitor
 * (28% of visits come from a returning visitor) and pace.
 */
export async function createSessions(tx: Tx, r: Random): Promise<void> {
  const n = sql`(d.session_first + k)`;
  await tx.execute(sql`
    create temporary table demo_sessions on commit drop as
    select ${n} as n, d.i, d.day,
      d.starts + ${r('time', n)} * d.span as started,
      case when ${r('bounce', n)} < 0.42 then 1 else 2 + floor(${r('pages', n)} * 5)::int end as pages,
      ${weighted(r('source', n), SOURCES)} as source,
      ${weighted(r('landing', n), LANDINGS)} as landing,
      'demo-visitor-' || case when ${r('returning', n)} < 0.28 then floor(${r('who', n)} * greatest(${n}, 1))::bigint else ${n} end as visitor,
      15 + floor(${r('pace', n)} * 100)::int as pace_seconds,
      ${r('vitals', n)} < 0.25 as measured,
      ${r('lcp', n)} as lcp, ${r('inp', n)} as inp, ${r('cls', n)} as cls
    from demo_days d, generate_series(0, d.sessions - 1) as k`);
  await tx.execute(sql`create index on demo_sessions (n)`);
  await tx.execute(sql`analyze demo_sessions`);
}

/** The events of the sessions of days `from` to `to` (indexes in the year): page views, engagement pings and vitals samples. */
export async function writeEvents(tx: Tx, r: Random, from: number, to: number): Promise<void> {
  const session = sql`'demo-session-' || s.n`;
  await tx.execute(sql`
    insert into analytics_events (type, path, referrer, source, utm_source, utm_medium, utm_campaign, visitor_id, session_id, props, created_at)
    select 'pageview',
      case when p = 1 then s.landing else ${pick(PATHS, r('path', sql`s.n * 10 + p`))} end,
      case when p = 1 and s.source not in ('direct', 'newsletter') then 'https://' || s.source || '/' end,
      case when p = 1 then s.source else 'direct' end,
      case when p = 1 and s.source = 'newsletter' then 'newsletter' end,
      case when p = 1 and s.source = 'newsletter' then 'email' end,
      case when p = 1 and s.source = 'newsletter' then 'newsletter-' || to_char(s.day, 'YYYY-MM') end,
      s.visitor, ${session}, null, least(s.started + (p - 1) * s.pace_seconds * interval '1 second', ${NOW})
    from demo_sessions s, generate_series(1, s.pages) as p
    where s.i between ${from} and ${to}
    union all
    select 'engagement', s.landing, null, null, null, null, null, s.visitor, ${session},
      jsonb_build_object('engagedMs', (s.pages * s.pace_seconds * 700)),
      least(s.started + s.pages * s.pace_seconds * interval '1 second', ${NOW})
    from demo_sessions s where s.i between ${from} and ${to}
    union all
    select 'vitals', s.landing, null, null, null, null, null, s.visitor, ${session},
      jsonb_build_object('vitals', jsonb_build_object(
        'lcp', round(800 + power(s.lcp, 3) * 3000), 'inp', round(30 + power(s.inp, 4) * 400), 'cls', round((power(s.cls, 4) * 0.2)::numeric, 3))),
      least(s.started + interval '3 seconds', ${NOW})
    from demo_sessions s where s.i between ${from} and ${to} and s.measured`);
}
