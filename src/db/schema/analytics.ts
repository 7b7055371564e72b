import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
  ],
);

/*
 * The live rollups (ADR 0061): kept by triggers on `analytics_events` (migration 0032) in the
 * statement that inserts or deletes events, so they always equal what the events of each UTC day
 * say. The report reads them for the days not rolled up yet (today), instead of the events.
 */

/** Owned by the analytics domain: each session (a session id's events on one UTC day), as its events stand. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    day: date('day', { mode: 'string' }).notNull(),
    sessionId: text('session_id').notNull(),
    /** Its first and last event. */
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** Its page views. */
    views: integer('views').notNull(),
    /** Its first page view's source, and that page view's time and id (null without page views). */
    source: text('source'),
    sourceAt: timestamp('source_at', { withTimezone: true }),
    sourceId: bigint('source_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.sessionId] })],
);

/**
 * Owned by the analytics domain: page views by day and path, appended (never updated in place, so
 * beacons never wait on one another) and folded into one row per day and path by the minute sweep.
 */
export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [index('analytics_page_views_day_idx').on(t.day)],
);

/** Owned by the analytics domain: each Core Web Vitals sample's figures, for their p75 over the last 30 days. */
export const analyticsVitals = pgTable(
  'analytics_vitals',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    lcp: doublePrecision('lcp'),
    inp: doublePrecision('inp'),
    cls: doublePrecision('cls'),
  },
  (t) => [index('analytics_vitals_at_idx').on(t.at)],
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

/**
 * Owned by the analytics domain: the Core Web Vitals' p75 over the 30 days before `computed_at`,
 * one row, written by the minute sweep (ADR 0061); the report reads it while it is younger than
 * ANALYTICS_VITALS_MAX_AGE_SECONDS and counts the samples itself otherwise.
 */
export const analyticsVitalsP75 = pgTable('analytics_vitals_p75', {
  id: integer('id').primaryKey(),
  lcp: doublePrecision('lcp'),
  inp: doublePrecision('inp'),
  cls: doublePrecision('cls'),
  samples: integer('samples').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
