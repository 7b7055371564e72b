import { sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { pick, NOW, type Random } from './random.ts';

const FIRST = [
  'Avery',
  'Jordan',
  'Sam',
  'Riley',
  'Morgan',
  'Casey',
  'Dana',
  'Quinn',
  'Alex',
  'Taylor',
  'Jamie',
  'Drew',
  'Maria',
  'James',
  'Priya',
  'Chen',
  'Olivia',
  'Marcus',
  'Sofia',
  'Ethan',
  'Aisha',
  'Lucas',
  'Nora',
  'Diego',
  'Hana',
  'Malik',
  'Grace',
  'Owen',
  'Leah',
  'Mateo',
];
const LAST = [
  'Lee',
  'Patel',
  'Garcia',
  'Smith',
  'Johnson',
  'Nguyen',
  'Brown',
  'Martinez',
  'Kim',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'King',
  'Wright',
  'Hill',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Pine St',
  'Elm St',
  'Lake Rd',
  'Hillcrest Dr',
  'Park Ave',
  'Washington Blvd',
  'Sunset Blvd',
  'River Rd',
];
/** City, state and ZIP, so an order's address is one that exists. */
const PLACES = [
  'Austin|TX|78701',
  'Columbus|OH|43004',
  'Denver|CO|80202',
  'Phoenix|AZ|85004',
  'Portland|OR|97205',
  'Nashville|TN|37203',
  'Tampa|FL|33602',
  'Boise|ID|83702',
  'Madison|WI|53703',
  'Raleigh|NC|27601',
  'Omaha|NE|68102',
  'Albany|NY|12207',
  'Reno|NV|89501',
  'Tucson|AZ|85701',
  'Richmond|VA|23219',
  'Spokane|WA|99201',
  'Fresno|CA|93721',
  'Tulsa|OK|74103',
  'Lansing|MI|48933',
  'Savannah|GA|31401',
];
/** Reserved for examples (RFC 2606): a demo order's e-mail never reaches anyone. */
const DOMAINS = ['example.com', 'example.net', 'example.org'];

/**
 * The year's orders (a temporary table): each placed by one of its day's sessions a little after
 * its last page, for a customer (a quarter come back under an earlier customer's name), with a
 * basket, and a fate: most paid, then shipped after a day and delivered a few days later; some
 * closed unpaid at the payment step, a few with a payment problem, refunded, cancelled or partly
 * refunded. `shippingCents` and the products' prices are the store's own.
 */
export async function createOrders(tx: Tx, r: Random, p: { singleCents: number; packCents: number; shippingCents: number }) {
  const m = sql`o.m`;
  const c = sql`o.customer`;
  await tx.execute(sql`
    create temporary table demo_orders on commit drop as
    with o as (
      select d.order_first + k as m, d.i, d.starts, d.span, d.sessions, d.session_first,
        case when ${r('returning', sql`d.order_first + k`)} < 0.25 and d.order_first + k > 20
          then floor(${r('who', sql`d.order_first + k`)} * (d.order_first + k))::bigint else d.order_first + k end as customer
      from demo_days d, generate_series(0, d.orders - 1) as k
    ),
    placed as (
      select o.*, s.n as session_n,
        least(coalesce(s.started + s.pages * s.pace_seconds * interval '1 second', o.starts + ${r('at', m)} * o.span)
          + interval '1 minute', ${NOW} - interval '2 minutes') as created_at,
        ${r('fate', m)} as fate, ${r('after', m)} as after, ${r('basket', m)} as basket
      from o left join demo_sessions s on s.n = o.session_first + floor(${r('buyer', m)} * o.sessions)::bigint and o.sessions > 0
    )
    select o.m, o.session_n, o.created_at, o.after,
      case when o.fate < 0.06 then 'closed' when o.fate < 0.062 then 'problem'
        when o.created_at > ${NOW} - interval '25 minutes' and o.fate < 0.5 then 'open' else 'paid' end as fate,
      ${pick(FIRST, r('first', c))} as first_name, ${pick(LAST, r('last', c))} as last_name,
      ${pick(DOMAINS, r('domain', c))} as domain, o.customer,
      (100 + floor(${r('number', c)} * 8900)::int) || ' ' || ${pick(STREETS, r('street', c))} as street,
      ${pick(PLACES, r('place', c))} as place,
      '555-01' || lpad(floor(${r('phone', c)} * 100)::int::text, 2, '0') || '-' || lpad(floor(${r('phone4', c)} * 10000)::int::text, 4, '0') as phone,
      case when o.basket < 0.45 then 1 when o.basket < 0.60 then 2 when o.basket < 0.85 then 0 when o.basket < 0.95 then 1 else 0 end as singles,
      case when o.basket < 0.60 then 0 when o.basket < 0.95 then 1 else 2 end as packs,
      ${r('paid', m)} as paid_r, ${r('ship', m)} as ship_r, ${r('deliver', m)} as deliver_r
    from placed o`);
  // Times and amounts follow from the fate; a refund or a delivery still in the future has not happened yet.
  await tx.execute(sql`
    create temporary table demo_order_rows on commit drop as
    with t as (
      select d.*,
        d.singles * ${p.singleCents} + d.packs * ${p.packCents} as subtotal,
        case when d.fate = 'paid' then least(d.created_at + (3 + d.paid_r * 5) * interval '1 minute', ${NOW} - interval '1 minute') end as paid_at
      from demo_orders d
    ),
    s as (
      select t.*, t.paid_at + (20 + t.ship_r * 28) * interval '1 hour' as ship_at,
        t.paid_at + (20 + t.ship_r * 28) * interval '1 hour' + (2 + t.deliver_r * 3) * interval '1 day' as deliver_at
      from t
    ),
    k as (
      select s.*,
        case when s.paid_at is null then null
          when s.after < 0.025 and s.deliver_at + interval '4 days' < ${NOW} then 'returned'
          when s.after < 0.025 then 'refunded_early'
          when s.after < 0.04 then 'cancelled'
          when s.after < 0.055 and s.deliver_at + interval '3 days' < ${NOW} and s.singles > 0 then 'partial' end as refund
      from s
    )
    select k.*, k.subtotal + ${p.shippingCents} as total,
      case k.refund when 'returned' then k.deliver_at + interval '4 days' when 'partial' then k.deliver_at + interval '3 days'
        when 'refunded_early' then least(k.paid_at + interval '5 hours', ${NOW}) when 'cancelled' then least(k.paid_at + interval '3 hours', ${NOW}) end as refund_at,
      case when k.paid_at is null or k.refund in ('refunded_early', 'cancelled') then null
        when k.ship_at < ${NOW} then k.ship_at end as shipped_at,
      case when k.paid_at is null or k.refund in ('refunded_early', 'cancelled') then null
        when k.deliver_at < ${NOW} then k.deliver_at end as delivered_at
    from k`);
}

/** The orders and their lines, oldest first (their numbers follow their times). */
export async function writeOrders(
  tx: Tx,
  p: {
    seed: number;
    singleCents: number;
    packCents: number;
    singleName: string;
    packName: string;
    carrier: string;
    service: string;
  },
) {
  const place = (n: number) => sql`split_part(d.place, '|', ${n})`;
  await tx.execute(sql`
    insert into orders (session_id, status, payment_intent_id, payment_issue, payment_mode, analytics_session_id, subtotal_cents,
      shipping_cents, total_cents, refunded_cents, email, first_name, last_name, phone, shipping_address, shipping_city,
      shipping_state, shipping_zip, shipping_country, tracking_number, shipping_carrier, shipping_service, shipping_cost_cents,
      stock_released_at, expires_at, expired_at, paid_at, shipped_at, delivered_at, cancelled_at, confirmation_email_sent_at,
      shipped_email_sent_at, created_at, updated_at)
    select 'demo-cart-' || d.m,
      case when d.paid_at is null then 'pending' when d.refund in ('returned', 'refunded_early') then 'refunded'
        when d.refund = 'cancelled' then 'cancelled' when d.delivered_at is not null then 'delivered'
        when d.shipped_at is not null then 'shipped' else 'paid' end,
      'pi_demo' || lpad(d.m::text, 8, '0') || substr(md5(${String(p.seed)} || ':' || d.m), 1, 16),
      case when d.fate = 'problem' then 'The payment was for a different amount than the order total' end,
      'live', case when d.session_n is not null then 'demo-session-' || d.session_n end,
      d.subtotal, d.total - d.subtotal, d.total,
      case when d.refund in ('returned', 'refunded_early', 'cancelled') then d.total when d.refund = 'partial' then ${p.singleCents} else 0 end,
      lower(d.first_name || '.' || d.last_name || (d.customer % 97)) || '@' || d.domain,
      d.first_name, d.last_name, d.phone, d.street, ${place(1)}, ${place(2)}, ${place(3)}, 'US',
      case when d.shipped_at is not null then 'IW9' || lpad(d.m::text, 17, '0') end,
      case when d.shipped_at is not null then ${p.carrier} end, case when d.shipped_at is not null then ${p.service} end,
      case when d.shipped_at is not null then 450 + floor(d.ship_r * 180)::int end,
      case when d.fate = 'closed' then d.created_at + interval '30 minutes' end,
      d.created_at + interval '30 minutes',
      case when d.fate = 'closed' then d.created_at + interval '30 minutes' end,
      d.paid_at, d.shipped_at, d.delivered_at,
      case when d.refund = 'cancelled' then d.refund_at end,
      d.paid_at + interval '10 seconds', d.shipped_at + interval '1 minute',
      d.created_at, greatest(d.created_at, d.paid_at, d.shipped_at, d.delivered_at, d.refund_at)
    from demo_order_rows d order by d.m`);
  await tx.execute(sql`create temporary table demo_ids on commit drop as
    select d.m, o.id from demo_order_rows d join orders o on o.session_id = 'demo-cart-' || d.m`);
  await tx.execute(sql`create index on demo_ids (m)`);
  await tx.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
    select i.id, 5, ${p.singleName}::text, ${p.singleCents}::int, d.singles from demo_order_rows d join demo_ids i using (m) where d.singles > 0
    union all
    select i.id, 6, ${p.packName}::text, ${p.packCents}::int, d.packs from demo_order_rows d join demo_ids i using (m) where d.packs > 0`);
}
