import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Owned by the analytics domain: first-party page views and events; no cookies, no IP addresses. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    source: text('source'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    visitorId: text('visitor_id').notNull(),
    sessionId: text('session_id').notNull(),
    valueCents: integer('value_cents'),
    props: jsonb('props'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_session_idx').on(t.sessionId, t.createdAt),
    // The Core Web Vitals' p75 reads its month of samples, a few in a hundred events, without the rest.
    index('analytics_events_vitals_idx').on(t.createdAt).where(sql`${t.type} = 'vitals'`),
  ],
);

/**
 * Owned by the analytics domain: each closed UTC day's figures, rolled up once from its events
 * (ADR 0032). A session is a session id's events on one day. Every day from the first rolled one
 * to the last has a row, so the last row's day is how far the rollup has come.
 */
export const analyticsDays = pgTable('analytics_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Sessions with a page view. */
  sessions: integer('sessions').notNull(),
  /** Of those, sessions with one page view. */
  bounces: integer('bounces').notNull(),
  /** Their durations summed, first to last event, in milliseconds. */
  sessionMs: bigint('session_ms', { mode: 'number' }).notNull(),
  /** Of those, sessions that placed a paid order. */
  converted: integer('converted').notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Owned by the analytics domain: a rolled day's sessions by where they came from (their first page view's source). */
export const analyticsDaySources = pgTable(
  'analytics_day_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source] })],
);

/** Owned by the analytics domain: a rolled day's page views by path. */
export const analyticsDayPages = pgTable(
  'analytics_day_pages',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);
