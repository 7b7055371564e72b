// How long GET /api/analytics takes over 100,000 events (issue "Analytics": "fast at 100,000
// events (measure it)"). Seeds a fresh embedded database (or DATABASE_URL's) with events spread
// over 45 days and times the report: `npm run bench:analytics`.
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const RUNS = 7;

const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }),
  { ssr: 'off' },
);
try {
  const db = app.database.db;
  await db.execute(sql`delete from analytics_events`);
  // Sessions of 1-5 page views, one engagement ping each, a vitals sample every 4th session.
  await db.execute(sql`
    insert into analytics_events (type, path, source, visitor_id, session_id, props, created_at)
    select case when g % 5 = 4 then 'engagement' when g % 20 = 3 then 'vitals' else 'pageview' end,
      (array['/', '/product/5', '/product/6', '/education', '/safety', '/contact'])[1 + g % 6],
      (array['direct', 'google.com', 'newsletter', 'instagram.com'])[1 + (g / 5) % 4],
      'visitor' || lpad(((g / 10) % 5000)::text, 12, '0'),
      'session' || lpad((g / 5)::text, 12, '0'),
      case when g % 20 = 3 then '{"vitals":{"lcp":1800,"inp":120,"cls":0.02}}'::jsonb when g % 5 = 4 then '{"engagedMs":30000}'::jsonb end,
      now() - ((g % 45) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    from generate_series(1, ${EVENTS}) as g`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await app.services.analytics.report();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `analytics report over ${EVENTS.toLocaleString('en-US')} events on ${app.database.driver}: ` +
      `median ${times[Math.floor(RUNS / 2)]?.toFixed(0)} ms, best ${times[0]?.toFixed(0)} ms (${RUNS} runs)`,
  );
} finally {
  await app.close();
}
