import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RANGE_DAYS, ANALYTICS_RANGES, type AnalyticsResponse } from '#shared/analytics-types.ts';
import { analyticsEvents, orders } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count } from '../support/checkout.ts';

/**
 * The analytics report from rollups (issue "A year of business", item 2; ADR 0032): the same figures
 * whether a day is counted from its events or read from its rollup, held to a count done here, in
 * plain code, from the data as it was written.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());

const DAY_MS = 86_400_000;
const SOURCES = ['google.com', 'newsletter', 'instagram.com', 'direct', null];
const PATHS = ['/', '/product/5', '/product/6', '/education', '/safety', '/contact', '/cart', '/checkout'];

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

interface Event {
  type: string;
  path: string;
  source: string | null;
  session: string;
  at: number;
}
interface Order {
  session: string;
  at: number;
  totalCents: number;
  paid: boolean;
  mode: 'live' | 'test';
}

/** Sixty days of visits (some across midnight, some without a page view) and the orders some of them placed. */
function visits(now: number): { events: Event[]; orders: Order[] } {
  const r = random(7);
  const events: Event[] = [];
  const placed: Order[] = [];
  for (let i = 0; i < 500; i++) {
    const session = `session_rollup_${String(i).padStart(6, '0')}`;
    let at = now - Math.floor(r() * 60 * DAY_MS) - 60_000;
    // Every 25th visit starts two minutes before a UTC midnight.
    if (i % 25 === 0) at = Math.floor(at / DAY_MS) * DAY_MS - 120_000;
    const source = SOURCES[Math.floor(r() * SOURCES.length)] ?? null;
    const views = i % 9 === 0 ? 0 : 1 + Math.floor(r() * 5);
    for (let v = 0; v < views; v++) {
      events.push({ type: 'pageview', path: PATHS[Math.floor(r() * PATHS.length)] ?? '/', source, session, at });
      if (v % 2 === 0) events.push({ type: 'vitals', path: '/', source: null, session, at });
      at += Math.floor(r() * 90_000);
    }
    events.push({ type: 'engagement', path: '/', source: null, session, at: at + 5_000 });
    if (views > 0 && r() < 0.2) {
      placed.push({
        session,
        at,
        totalCents: 2290 + Math.floor(r() * 5000),
        paid: r() < 0.85,
        mode: r() < 0.9 ? 'live' : 'test',
      });
    }
  }
  return { events: events.filter((e) => e.at < now), orders: placed.filter((o) => o.at < now) };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** The report's traffic figures for a range, counted here from what was written. */
function countedByHand(data: { events: Event[]; orders: Order[] }, range: keyof typeof ANALYTICS_RANGE_DAYS, now: number) {
  const to = dayOf(now);
  const from = dayOf(now - (ANALYTICS_RANGE_DAYS[range] - 1) * DAY_MS);
  const month = dayOf(now - 29 * DAY_MS);
  const converted = new Set(data.orders.filter((o) => o.paid && o.mode === 'live').map((o) => `${dayOf(o.at)}|${o.session}`));
  const sessions = new Map<string, Event[]>();
  for (const e of data.events) {
    const key = `${dayOf(e.at)}|${e.session}`;
    sessions.set(key, [...(sessions.get(key) ?? []), e]);
  }
  let inRange = 0;
  let inMonth = 0;
  let bounces = 0;
  let ms = 0;
  let conversions = 0;
  const perDay = new Map<string, number>();
  const bySource = new Map<string, number>();
  for (const [key, evs] of sessions) {
    const day = key.slice(0, 10);
    const views = evs.filter((e) => e.type === 'pageview');
    const first = views.sort((a, b) => a.at - b.at)[0];
    if (!first) continue;
    if (day >= month && day <= to) inMonth++;
    if (day < from || day > to) continue;
    inRange++;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    if (views.length === 1) bounces++;
    const times = evs.map((e) => e.at);
    ms += Math.max(...times) - Math.min(...times);
    if (converted.has(key)) conversions++;
    const source = first.source ?? 'direct';
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
  }
  const pages = new Map<string, number>();
  for (const e of data.events) {
    if (e.type === 'pageview' && dayOf(e.at) >= from) pages.set(e.path, (pages.get(e.path) ?? 0) + 1);
  }
  const revenue = new Map<string, number>();
  for (const o of data.orders) {
    if (o.paid && o.mode === 'live') revenue.set(dayOf(o.at), (revenue.get(dayOf(o.at)) ?? 0) + o.totalCents);
  }
  const days = Array.from({ length: ANALYTICS_RANGE_DAYS[range] }, (_, i) =>
    dayOf(now - (ANALYTICS_RANGE_DAYS[range] - 1 - i) * DAY_MS),
  );
  const sourceTotal = [...bySource.values()].reduce((a, b) => a + b, 0);
  return {
    range,
    from,
    to,
    website: {
      last30DaysVisitors: inMonth,
      sessions: inRange,
      avgSessionDuration: inRange ? Math.round(ms / inRange / 1000) : 0,
      bounceRate: pct(bounces, inRange),
    },
    conversionRate: pct(conversions, inRange),
    daily: days.map((date) => ({ date, sessions: perDay.get(date) ?? 0, revenue: ((revenue.get(date) ?? 0) / 100).toFixed(2) })),
    topPages: [...pages].map(([path, views]) => ({ path, views })).sort((a, b) => a.path.localeCompare(b.path)),
    trafficSources: [...bySource]
      .map(([source, n]) => ({ source, percentage: pct(n, sourceTotal) }))
      .sort((a, b) => a.source.localeCompare(b.source)),
  };
}

/** What of the report the hand count speaks of, lists in one order (the report's tie order is the database's collation). */
async function reported(range: string) {
  const res = await admin.call('GET', `/api/analytics?range=${range}`);
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json() as AnalyticsResponse;
  return {
    range: r.range,
    from: r.from,
    to: r.to,
    website: r.website,
    conversionRate: r.business.conversionRate,
    daily: r.daily,
    topPages: [...r.topPages].sort((a, b) => a.path.localeCompare(b.path)),
    trafficSources: [...r.trafficSources].sort((a, b) => a.source.localeCompare(b.source)),
  };
}

const rolledDays = () => count(t.app, 'analytics_days');

describe('the report, counted from events or read from rollups', () => {
  it('gives the same figures as a count by hand, before, during and after the days are rolled up', async () => {
    const db = t.app.database.db;
    await db.execute(sql`delete from orders`);
    await db.execute(sql`delete from analytics_events`);
    const now = Date.now();
    const data = visits(now);
    for (let i = 0; i < data.events.length; i += 500) {
      await db.insert(analyticsEvents).values(
        data.events.slice(i, i + 500).map((e) => ({
          type: e.type,
          path: e.path,
          source: e.source,
          visitorId: `visitor_${e.session}`,
          sessionId: e.session,
          props: e.type === 'vitals' ? { vitals: { lcp: 1800 } } : null,
          createdAt: new Date(e.at),
        })),
      );
    }
    let n = 0;
    await db.insert(orders).values(
      data.orders.map((o) => ({
        sessionId: `cart-${++n}`,
        analyticsSessionId: o.session,
        status: o.paid ? ('paid' as const) : ('pending' as const),
        paymentIntentId: `pi_rollup_${n}`,
        paymentMode: o.mode,
        subtotalCents: o.totalCents - 391,
        shippingCents: 391,
        totalCents: o.totalCents,
        email: `buyer${n}@example.com`,
        expiresAt: new Date(o.at + 3_600_000),
        paidAt: o.paid ? new Date(o.at) : null,
        createdAt: new Date(o.at),
      })),
    );
    expect(data.orders.filter((o) => o.paid && o.mode === 'live').length).toBeGreaterThan(20);

    const expectHandCount = async () => {
      for (const range of ANALYTICS_RANGES) expect(await reported(range), range).toEqual(countedByHand(data, range, now));
    };
    // Nothing rolled up: every day counted from its events.
    expect(await rolledDays()).toBe(0);
    await expectHandCount();

    // A few days rolled (the oldest), the rest counted.
    expect(await t.app.services.analytics.rollUp(5)).toBe(5);
    expect(await rolledDays()).toBe(5);
    await expectHandCount();

    // Every closed day rolled, at once from two callers (two instances' sweeps): each day once.
    const [a, b] = await Promise.all([t.app.services.analytics.rollUp(100), t.app.services.analytics.rollUp(100)]);
    expect(a + b).toBeGreaterThanOrEqual(50);
    const rolled = await rolledDays();
    expect(rolled).toBeGreaterThanOrEqual(55);
    expect(await t.app.services.analytics.rollUp()).toBe(0);
    await expectHandCount();

    // Today is never rolled: it is still being written.
    expect(await count(t.app, 'analytics_days', `day >= (now() at time zone 'UTC')::date`)).toBe(0);

    // Days missing before the rollup (events written into the past) are counted, then rolled backwards.
    await db.execute(sql`delete from analytics_days where day < (select min(day) + 7 from analytics_days)`);
    await db.execute(sql`delete from analytics_day_pages where day < (select min(day) from analytics_days)`);
    await db.execute(sql`delete from analytics_day_sources where day < (select min(day) from analytics_days)`);
    await expectHandCount();
    expect(await t.app.services.analytics.rollUp()).toBe(7);
    await expectHandCount();

    // Rebuilt from the events: the same rows again.
    expect(await t.app.services.analytics.rebuildRollups()).toBe(rolled);
    await expectHandCount();
  });

  it('answers 400 with a message for a period it does not know, and nothing without a session', async () => {
    for (const q of ['range=1y', 'range=', 'range=7D', 'range=7d&range=30d', 'range=30d&extra=1']) {
      const res = await admin.call('GET', `/api/analytics?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
    expect((await admin.call('GET', '/api/analytics?range=1y')).json().message).toMatch(/7d, 30d, 12m/);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics?range=12m' })).statusCode).toBe(401);
  });
});
