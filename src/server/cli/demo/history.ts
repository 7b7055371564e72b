import { sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';

/** An amount in cents as the store writes it in a history line ($1,234.56), in SQL. */
const usd = (cents: string) => `'$' || to_char((${cents}) / 100.0, 'FM999,990.00')`;

/** What the owner did on the demo orders (labels, statuses, refunds), in the history and refunds. */
const OWNER = 'owner';
const RETURN_REASONS = ['Arrived damaged', 'Changed my mind', 'Ordered the wrong size', 'Bought as a gift, not needed'];
/** A demo order's reason for its refund or return, in SQL: one of RETURN_REASONS by its row `d.m`. */
export const demoReasonSql = sql.raw(
  `(array[${RETURN_REASONS.map((r) => `'${r}'`).join(', ')}])[1 + (d.m % ${RETURN_REASONS.length})]`,
);

/**
 * Each order's payment, history (as the store writes it at each step) and refunds, and the units
 * the refunds put back on the shelf (a temporary table for the stock history).
 */
export async function writeHistory(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into payments (order_id, provider, provider_payment_id, amount_cents, refunded_cents, status, created_at, updated_at)
    select i.id, 'stripe', o.payment_intent_id, o.total_cents, o.refunded_cents,
      case when o.paid_at is not null then 'succeeded' when o.payment_issue is not null then 'succeeded' else 'canceled' end,
      o.created_at, o.updated_at
    from demo_ids i join orders o on o.id = i.id`);
  // The shopper's line (ADR 0038) of the events their order page shows; null for the others.
  const ev = (type: string, at: string, message: string, actor: string, where = 'true', shopper = 'null') =>
    sql.raw(`select o.id, ${at}, '${type}', ${message}, ${actor}, ${shopper} from demo_ids i join orders o on o.id = i.id
      join demo_order_rows d on d.m = i.m where ${where}`);
  const units = '(d.singles + d.packs)';
  await tx.execute(sql`
    insert into order_events (order_id, at, type, message, actor, shopper_message)
    ${ev('checkout_started', 'o.created_at', `'Checkout started: ' || ${units} || case when ${units} = 1 then ' item, ' else ' items, ' end || ${usd('o.total_cents')}`, "'shopper'")}
    union all ${ev('shipping_saved', "o.created_at + interval '40 seconds'", "'Shipping details saved: ' || o.shipping_city || ', ' || o.shipping_state", "'shopper'")}
    union all ${ev('checkout_closed', 'o.expired_at', "'Checkout closed unpaid; nothing is held for it any more'", "'store'", 'o.expired_at is not null')}
    union all ${ev('payment_problem', "o.created_at + interval '4 minutes'", "'Payment problem: ' || o.payment_issue", "'store'", 'o.payment_issue is not null')}
    union all ${ev('paid', 'o.paid_at', `'Paid ' || ${usd('o.total_cents')}`, "'payment provider'", 'o.paid_at is not null', `'Order placed: ' || ${usd('o.total_cents')} || ' paid'`)}
    union all ${ev('email_sent', 'o.confirmation_email_sent_at', "'Order confirmation e-mailed to ' || o.email", "'store'", 'o.paid_at is not null')}
    union all ${ev('label_created', "o.shipped_at - interval '1 hour'", `'Label created: ' || o.shipping_carrier || ' ' || o.shipping_service || ', tracking ' || o.tracking_number || ', ' || ${usd('o.shipping_cost_cents')}`, `'${OWNER}'`, 'o.shipped_at is not null', "'Shipping label created: your parcel is being packed'")}
    union all ${ev('status_changed', 'o.shipped_at', "'Status changed from paid to shipped'", `'${OWNER}'`, 'o.shipped_at is not null', "'Shipped'")}
    union all ${ev('email_sent', 'o.shipped_email_sent_at', "'Shipped e-mail sent to ' || o.email", "'store'", 'o.shipped_at is not null')}
    union all ${ev('status_changed', 'o.delivered_at', "'Status changed from shipped to delivered'", `'${OWNER}'`, 'o.delivered_at is not null', "'Delivered'")}
    union all ${ev('cancelled', 'd.refund_at', `'Order cancelled (' || 'Customer asked to cancel' || ')'`, `'${OWNER}'`, "d.refund = 'cancelled'", "'Order cancelled'")}
    union all ${ev('refunded', "d.refund_at + interval '2 seconds'", `'Refunded ' || ${usd('o.refunded_cents')}`, `'${OWNER}'`, 'd.refund is not null', `'Refund of ' || ${usd('o.refunded_cents')} || ' issued to your card'`)}
    union all ${ev('status_changed', "d.refund_at + interval '3 seconds'", "'Status changed from ' || case when d.delivered_at is not null then 'delivered' else 'paid' end || ' to refunded'", "'store'", "d.refund in ('returned', 'refunded_early')")}
    union all ${ev('email_sent', "d.refund_at + interval '1 minute'", "'Refund e-mail sent to ' || o.email", "'store'", 'd.refund is not null')}`);
  await tx.execute(sql`
    insert into order_refunds (order_id, amount_cents, reason, status, cancels_order, provider_refund_id, actor, created_at, settled_at)
    select i.id, o.refunded_cents,
      case when d.refund = 'cancelled' then 'Customer asked to cancel' else ${demoReasonSql} end,
      'succeeded', d.refund = 'cancelled', 're_demo' || lpad(d.m::text, 10, '0'), ${OWNER}, d.refund_at, d.refund_at + interval '2 seconds'
    from demo_order_rows d join demo_ids i using (m) join orders o on o.id = i.id where d.refund is not null`);
  // Cancelled orders go back on the shelf whole; returned ones when the parcel came back unopened (half of them).
  await tx.execute(sql`
    create temporary table demo_restocks on commit drop as
    select r.id as refund_id, i.id as order_id, it.product_id, it.quantity, d.refund_at as at,
      d.refund = 'cancelled' or (d.refund = 'returned' and d.m % 2 = 0) as restock
    from demo_order_rows d join demo_ids i using (m) join order_refunds r on r.order_id = i.id
      join order_items it on it.order_id = i.id
    where d.refund in ('cancelled', 'returned', 'refunded_early')`);
  await tx.execute(sql`
    insert into order_refund_items (refund_id, product_id, quantity, restock)
    select refund_id, product_id, quantity, restock from demo_restocks`);
}
