import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';

/**
 * What the recovery domain (docs/decisions/0041) reads of the orders, through the orders service:
 * the checkouts left at the payment step, and the paid orders of the addresses it reminded. Orders
 * keep their e-mail in lower case (the shipping step writes it so); `lower()` matches the older
 * ones too and is what `orders_email_lower_idx` indexes.
 */

export interface ReminderCandidate {
  id: number;
  /** Lower case. */
  email: string;
  createdAt: Date;
}

/**
 * Checkouts that reached the payment step (an e-mail and an address saved) and are unpaid (pending,
 * no payment, no payment problem, not cancelled), started more than `olderThanHours` and less than
 * `youngerThanDays` ago, that are their address's newest order (so no paid order of the address
 * came after them, and of several left checkouts only the newest is named). A page of them by id,
 * after `afterId`.
 *
 * Read through `orders_status_created_idx` (status, created_at); the later order of the same
 * address through `orders_email_lower_idx`.
 */
export function selectReminderCandidates(
  db: Tx,
  w: { olderThanHours: number; youngerThanDays: number; afterId: number; limit: number },
): Promise<ReminderCandidate[]> {
  return db
    .select({ id: orders.id, email: sql<string>`lower(${orders.email})`, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        sql`${orders.createdAt} < now() - make_interval(hours => ${w.olderThanHours})`,
        sql`${orders.createdAt} > now() - make_interval(days => ${w.youngerThanDays})`,
        gt(orders.id, w.afterId),
        isNotNull(orders.email),
        isNotNull(orders.shippingAddress),
        isNull(orders.paidAt),
        isNull(orders.paymentIssue),
        isNull(orders.cancelledAt),
        sql`not exists (select 1 from ${orders} later where lower(later.email) = lower(${orders.email}) and (later.created_at, later.id) > (${orders.createdAt}, ${orders.id}))`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(w.limit);
}

export interface PaidOrderOfAddress {
  id: number;
  /** Lower case. */
  email: string;
  createdAt: Date;
  paidAt: Date;
  /** Its total less its refunds. */
  netCents: number;
}

/** Addresses per statement: well under PostgreSQL's limit of parameters. */
const EMAILS_PER_QUERY = 1000;

/**
 * The paid live orders (test payments never count as revenue) of these lower-case addresses, paid
 * from `from` (inclusive) to `to` (exclusive), with their totals net of refunds.
 */
export async function selectPaidLiveOrdersOf(
  db: Tx,
  emails: readonly string[],
  from: Date,
  to: Date,
): Promise<PaidOrderOfAddress[]> {
  const found: PaidOrderOfAddress[] = [];
  for (let i = 0; i < emails.length; i += EMAILS_PER_QUERY) {
    const rows = await db
      .select({
        id: orders.id,
        email: sql<string>`lower(${orders.email})`,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        netCents: sql<number>`(${orders.totalCents} - ${orders.refundedCents})::int`,
      })
      .from(orders)
      .where(
        and(
          inArray(sql`lower(${orders.email})`, emails.slice(i, i + EMAILS_PER_QUERY)),
          eq(orders.paymentMode, 'live'),
          isNull(orders.paymentIssue),
          gte(orders.paidAt, from),
          lt(orders.paidAt, to),
        ),
      );
    for (const r of rows) if (r.paidAt) found.push({ ...r, paidAt: r.paidAt, netCents: Number(r.netCents) });
  }
  return found;
}
