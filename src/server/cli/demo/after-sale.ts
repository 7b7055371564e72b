import { sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { pick, NOW, type Random, weighted } from './random.ts';

const TITLES: Record<number, string[]> = {
  5: ['Wakes me right up', 'Best pre-lift ritual', 'Strong and consistent', 'Exactly as described', 'My meet-day essential'],
  4: ['Very strong, good value', 'Does the job', 'Solid, will reorder', 'Good kick before sprints'],
  3: ['Decent but fades', 'Okay for the price', 'Strong at first'],
  2: ['Weaker than expected', 'Cap was hard to open'],
  1: ['Arrived leaking', 'Not for me'],
};
const TEXTS: Record<number, string[]> = {
  5: [
    'One sniff before a heavy single and I am locked in. The bottle lasts for weeks of sessions.',
    'I keep one in my gym bag and one in the car. Sharp, clean jolt every time, no mess.',
    'Used it at my last powerlifting meet. Fast shipping, well packed, and the seal keeps it potent.',
  ],
  4: [
    'Very strong, maybe too strong for some. Works great before my top sets.',
    'Good product, arrived quickly. Would like a smaller travel size too.',
  ],
  3: [
    'It works, but after a month it is noticeably weaker than when it arrived.',
    'Fine for the price. Nothing special compared with what my gym has.',
  ],
  2: ['It did not hit as hard as I expected. Maybe I got an older batch.'],
  1: ['The bottle arrived with the cap loose and the smell had faded. Support replaced it quickly though.'],
};

/**
 * The stock history of the year: every paid line sold, the units refunds put back, and the owner's
 * restock every two weeks of what the next two weeks sold (rounded up to cases of 12), so the shelf
 * never runs dry. Each movement's stock after it counts back from today's inventory; the catalog's
 * first stock (the seed movement) moves to the start of the year, with what the year began with.
 */
export async function writeStockHistory(tx: Tx): Promise<void> {
  await tx.execute(sql`
    create temporary table demo_moves on commit drop as
    select it.product_id, -it.quantity as delta, 'checkout_sale' as reason, it.order_id, o.paid_at as at,
      null::text as note, null::text as actor
    from demo_ids i join order_items it on it.order_id = i.id join orders o on o.id = i.id where o.paid_at is not null
    union all
    select product_id, quantity, 'refund_restock', order_id, at, 'Back in stock from a refund', 'owner' from demo_restocks where restock`);
  // Each restock brings the units bought so far up to what was sold by the fortnight's end, in whole cases.
  await tx.execute(sql`
    insert into demo_moves
    select product_id, delta, 'admin_adjust', null, fortnight + interval '9 hours', 'Restock from the supplier', 'owner'
    from (
      select product_id, fortnight, (bought - coalesce(lag(bought) over (partition by product_id order by fortnight), 0))::int as delta
      from (
        select product_id, fortnight, ceil(sum(sold) over (partition by product_id order by fortnight) / 12.0) * 12 as bought
        from (
          select m.product_id, d.starts + floor(extract(epoch from m.at - d.starts) / (14 * 86400)) * interval '14 days' as fortnight,
            sum(-m.delta) as sold
          from demo_moves m, (select starts from demo_days where i = 0) d where m.reason = 'checkout_sale'
          group by 1, 2
        ) f
      ) c
    ) r
    where delta > 0`);
  await tx.execute(sql`
    insert into stock_movements (product_id, delta, inventory_after, reason, order_id, note, actor, created_at)
    select m.product_id, m.delta,
      p.inventory - coalesce(sum(m.delta) over (partition by m.product_id order by m.at desc, m.reason, m.order_id
        rows between unbounded preceding and 1 preceding), 0),
      m.reason, m.order_id, m.note, m.actor, m.at
    from demo_moves m join products p on p.id = m.product_id
    order by m.at, m.reason, m.order_id`);
  await tx.execute(sql`
    update stock_movements s set delta = p.inventory - y.moved, inventory_after = p.inventory - y.moved,
      created_at = (select starts from demo_days where i = 0) - interval '1 day'
    from products p, (select product_id, sum(delta) as moved from demo_moves group by product_id) y
    where s.reason = 'seed' and s.product_id = p.id and y.product_id = p.id
      and (select count(*) from stock_movements x where x.product_id = p.id and x.reason = 'seed') = 1`);
}

/** Reviews from one in ten delivered orders, a few days after delivery, once per customer and product; the newest wait for approval. */
export async function writeReviews(tx: Tx, r: Random): Promise<void> {
  const m = sql`d.m`;
  const titles = (rating: number) => pick(TITLES[rating] ?? [], r('title', m));
  const texts = (rating: number) => pick(TEXTS[rating] ?? [], r('text', m));
  await tx.execute(sql`
    insert into reviews (product_id, order_id, customer_name, customer_email, rating, title, content, is_verified, is_approved,
      approved_at, created_at)
    select product_id, id, name, email, rating, title, content, true, approved,
      case when approved then created_at + interval '1 day' end, created_at
    from (
    select distinct on (product_id, lower(email)) product_id, id, name, email, rating, approved, created_at,
      case rating when 5 then t5 when 4 then t4 when 3 then t3 when 2 then t2 else t1 end as title,
      case rating when 5 then c5 when 4 then c4 when 3 then c3 when 2 then c2 else c1 end as content
    from (
      select o.id, o.email, o.first_name || ' ' || left(o.last_name, 1) || '.' as name,
        case when d.packs > 0 and (d.singles = 0 or ${r('which', m)} < 0.5) then 6 else 5 end as product_id,
        ${weighted(r('rating', m), [
          ['5', 68],
          ['4', 20],
          ['3', 7],
          ['2', 3],
          ['1', 2],
        ])}::int as rating,
        o.delivered_at + (2 + ${r('wait', m)} * 10) * interval '1 day' as created_at,
        o.delivered_at + (2 + ${r('wait', m)} * 10) * interval '1 day' < ${NOW} - interval '3 days' and ${r('approve', m)} < 0.93 as approved,
        ${titles(5)} as t5, ${titles(4)} as t4, ${titles(3)} as t3, ${titles(2)} as t2, ${titles(1)} as t1,
        ${texts(5)} as c5, ${texts(4)} as c4, ${texts(3)} as c3, ${texts(2)} as c2, ${texts(1)} as c1
      from demo_order_rows d join demo_ids i using (m) join orders o on o.id = i.id
      where o.delivered_at is not null and ${r('review', m)} < 0.1
    ) x
    where created_at < ${NOW}
    order by product_id, lower(email), created_at
    ) r
    -- Written in the order they came, as the store writes them (the dashboard lists them by id).
    order by created_at
    on conflict do nothing`);
}

/** Carts of today's visitors who put something in and have not checked out. */
export async function writeCarts(tx: Tx, r: Random): Promise<void> {
  const n = sql`s.n`;
  await tx.execute(sql`
    insert into cart_items (id, session_id, product_id, quantity, created_at, updated_at)
    select md5('demo-cart-item:' || s.n), 'demo-cart-session-' || s.n,
      case when ${r('cart-product', n)} < 0.6 then 5 else 6 end, 1 + floor(${r('cart-quantity', n)} * 2)::int,
      s.started + interval '30 seconds', s.started + interval '30 seconds'
    from demo_sessions s where s.i = 364 and ${r('cart', n)} < 0.08`);
}
