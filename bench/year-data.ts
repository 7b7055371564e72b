// A year of a store for the benchmarks, written in set-based SQL: `events` analytics events in
// sessions of five (one to four page views, an engagement ping, a vitals sample in every fourth) and
// `orders` orders placed by some of those sessions, oldest first over the last 365 days, as a store
// writes them. Most orders are paid and shipped or delivered; some are open or closed checkouts,
// payment problems or test payments; 30% of the buyers come back. The tables' triggers keep the live
// rollups (sessions, page views, vitals samples, revenue by day: ADR 0061) as the rows go in. Then the
// summary's rollup is folded and the analytics' days rolled up, as the minute sweep would have done.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const BATCH = 500_000;

export async function seedYear(
  app: FastifyInstance,
  size: { orders: number; events: number },
  opts: { progress?: boolean; rollUp?: boolean } = {},
): Promise<void> {
  const progress = opts.progress ?? true;
  const db = app.database.db;
  const sessions = Math.max(Math.ceil(size.events / 5), size.orders);
  /** When session `s` began: the first a year ago, the last five minutes ago, evenly in between. */
  const sessionAt = (s: SQL) =>
    sql`now() - interval '5 minutes' - (${sessions}::bigint - ${s}) * (interval '365 days' / ${sessions}::float8)`;
  await db.execute(sql`delete from orders`);
  // The events and the live rollups their triggers keep (ADR 0061), emptied together.
  await db.execute(sql`truncate analytics_events, analytics_sessions, analytics_page_views, analytics_vitals`);
  for (let start = 1; start <= size.events; start += BATCH) {
    const end = Math.min(size.events, start + BATCH - 1);
    await db.execute(sql`
      insert into analytics_events (type, path, source, visitor_id, session_id, props, created_at)
      select case when g % 5 = 4 then 'engagement' when g % 20 = 3 then 'vitals' else 'pageview' end,
        (array['/', '/product/5', '/product/6', '/education', '/safety', '/contact', '/cart', '/checkout'])[1 + (g * 7) % 8],
        case when g % 5 <> 4 and g % 20 <> 3 then (array['direct', 'google.com', 'newsletter', 'instagram.com', 'bing.com'])[1 + (g / 5) % 5] end,
        'visitor' || lpad(((g / 10) % 200000)::text, 12, '0'),
        'session' || lpad((g / 5)::text, 12, '0'),
        case when g % 20 = 3 then jsonb_build_object('vitals', jsonb_build_object('lcp', 900 + (g % 3000), 'inp', 40 + (g % 300), 'cls', (g % 30) / 100.0))
          when g % 5 = 4 then '{"engagedMs":30000}'::jsonb end,
        ${sessionAt(sql`g / 5`)} + (g % 5) * interval '40 seconds'
      from generate_series(${start}::bigint, ${end}::bigint) as g`);
    if (progress) process.stdout.write(`\r  events ${end.toLocaleString('en-US')} / ${size.events.toLocaleString('en-US')}`);
  }
  if (progress && size.events) process.stdout.write('\n');
  // Order g is placed by session g × every, three minutes into it.
  const every = Math.max(1, Math.floor(sessions / size.orders));
  await db.execute(sql`
    insert into orders (session_id, analytics_session_id, status, payment_intent_id, payment_issue, payment_mode, subtotal_cents,
      shipping_cents, total_cents, email, first_name, last_name, phone, shipping_address, shipping_city, shipping_state, shipping_zip,
      shipping_country, expires_at, expired_at, paid_at, created_at, updated_at)
    select 'session-bench-' || g, 'session' || lpad((g * ${every}::bigint)::text, 12, '0'),
      case when g % 50 = 0 then 'pending' when g % 10 < 6 then 'delivered' when g % 10 < 9 then 'shipped' else 'paid' end,
      'pi_bench' || lpad(g::text, 10, '0') || md5(g::text),
      case when g % 1000 = 0 then 'amount differs' end,
      case when g % 97 = 0 then 'test' else 'live' end,
      1899 * (1 + g % 3), 391, 1899 * (1 + g % 3) + 391,
      'buyer' || (g % 30000) || '@' || (array['example.com', 'mail.example.org', 'inbox.example.net'])[1 + g % 3],
      (array['Avery', 'Jordan', 'Sam', 'Riley', 'Morgan', 'Casey', 'Dana', 'Quinn'])[1 + g % 8],
      'Buyer' || (g % 30000),
      '555-010-' || lpad((g % 10000)::text, 4, '0'),
      g || ' Main St', 'Springfield', 'IL', '62701', 'US',
      at + interval '30 minutes',
      case when g % 100 = 0 then at + interval '30 minutes' end,
      case when g % 50 <> 0 then at end,
      at, at
    from (select g, ${sessionAt(sql`g * ${every}::bigint`)} + interval '3 minutes' as at
      from generate_series(1::bigint, ${size.orders}::bigint) as g) o`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
    select o.id, case when o.id % 4 = 0 then 6 else 5 end,
      case when o.id % 4 = 0 then 'Smelling Salts 3-Pack' else 'Smelling Salts' end,
      case when o.id % 4 = 0 then 4499 else 1899 end, 1 + o.id % 2
    from orders o`);
  await app.services.orders.foldSummary();
  if (opts.rollUp ?? true) await app.services.analytics.rebuildRollups();
  // As a store's tables are after their autovacuum: statistics taken, pages marked visible.
  await db.execute(sql`vacuum analyze`);
}
