import { sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { demoReasonSql } from './history.ts';
import { NOW } from './random.ts';

/**
 * The demo year's returns (docs/decisions/0037): every order refunded after its delivery came back as
 * a return, asked a day after the delivery, approved two hours later and received when it was
 * refunded, restocked as its refund was; and a few orders delivered in the last twelve days have a
 * return waiting for the owner's decision. Each with its lines in the history, as the store writes them.
 */
export async function writeReturns(tx: Tx): Promise<void> {
  await tx.execute(sql`
    create temporary table demo_returns on commit drop as
    select d.m, i.id as order_id, ${demoReasonSql} as reason,
      case when d.refund = 'returned' then 'received' else 'requested' end as status,
      case when d.refund = 'returned' then d.delivered_at + interval '1 day'
        else least(d.delivered_at + interval '1 day' + (d.m % 5) * interval '1 hour', ${NOW} - interval '10 minutes') end as asked_at,
      d.refund_at, d.m % 2 = 0 as restock
    from demo_order_rows d join demo_ids i using (m)
    where d.refund = 'returned'
      or (d.refund is null and d.delivered_at > ${NOW} - interval '12 days' and d.m % 9 = 0)
    order by d.m`);
  await tx.execute(sql`
    insert into return_requests (order_id, status, reason, decided_by, decided_at, received_at, received_by, restocked,
      refund_id, created_at, updated_at)
    select r.order_id, r.status, r.reason,
      case when r.status = 'received' then 'owner' end,
      case when r.status = 'received' then r.asked_at + interval '2 hours' end,
      r.refund_at, case when r.status = 'received' then 'owner' end,
      case when r.status = 'received' then r.restock end,
      (select f.id from order_refunds f where f.order_id = r.order_id order by f.id limit 1),
      r.asked_at, coalesce(r.refund_at, r.asked_at)
    from demo_returns r order by r.m`);
  // A received return sends back every line; one waiting, one unit of the order's first line.
  await tx.execute(sql`
    insert into return_items (return_id, product_id, quantity)
    select q.id, it.product_id, case when q.status = 'received' then it.quantity else 1 end
    from return_requests q join order_items it on it.order_id = q.order_id
    where q.status = 'received'
      or it.product_id = (select min(x.product_id) from order_items x where x.order_id = q.order_id)`);
  await tx.execute(sql`
    update order_refunds f set return_id = q.id from return_requests q where q.refund_id = f.id and q.status = 'received'`);
  await tx.execute(sql`
    insert into order_events (order_id, at, type, message, actor, shopper_message)
    select q.order_id, q.created_at, 'return_requested', 'Return RMA-' || q.id || ' requested: ' || q.reason, 'shopper',
      'Return RMA-' || q.id || ' requested'
    from return_requests q
    union all
    select q.order_id, q.decided_at, 'return_approved', 'Return slip for RMA-' || q.id || ' made', 'owner',
      'Your return RMA-' || q.id || ': return slip ready on this page'
    from return_requests q where q.status = 'received'
    union all
    select q.order_id, q.received_at, 'return_received',
      'Return RMA-' || q.id || ' received' || case when q.restocked then ', put back in stock' else ', not restocked' end, 'owner',
      'Your return RMA-' || q.id || ' arrived'
    from return_requests q where q.status = 'received'`);
}
