import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';
import { paidAt, REVENUE } from '#db/paid-orders.ts';

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

/** Checkouts started more than `olderThanHours` and less than `youngerThanHours` ago. */
export interface ReminderWindow {
  olderThanHours: number;
  youngerThanHours: number;
}

/**
 * The rule: a checkout that reached the payment step (an e-mail and an address saved), unpaid
 * (pending, no payment, no payment problem, not cancelled), started in the window, and its
 * address's newest order (so no paid order of the address came after it, and of several left
 * checkouts only the newest is named).
 */
const isReminderCandidate = (w: ReminderWindow): SQL | undefined =>
  and(
    eq(orders.status, 'pending'),
    sql`${orders.createdAt} < now() - make_interval(hours => ${w.olderThanHours})`,
    sql`${orders.createdAt} > now() - make_interval(hours => ${w.youngerThanHours})`,
    isNotNull(orders.email),
    isNotNull(orders.shippingAddress),
    isNull(orders.paidAt),
    isNull(orders.paymentIssue),
    isNull(orders.cancelledAt),
    sql`not exists (select 1 from ${orders} later where lower(later.email) = lower(${orders.email}) and (later.created_at, later.id) > (${orders.createdAt}, ${orders.id}))`,
  );

/**
 * The checkouts the rule names, a page of them by id after `afterId`. Read through
 * `orders_status_created_idx` (status, created_at); the later order of the same address through
 * `orders_email_lower_idx`.
 */
export function selectReminderCandidates(
  db: Tx,
  w: ReminderWindow & { afterId: number; limit: number },
): Promise<ReminderCandidate[]> {
  return db
    .select({ id: orders.id, email: sql<string>`lower(${orders.email})`, createdAt: orders.createdAt })
    .from(orders)
    .where(and(isReminderCandidate(w), gt(orders.id, w.afterId)))
    .orderBy(asc(orders.id))
    .limit(w.limit);
}

/**
 * Inside the reminder's transaction: the checkout locked (its payment's completion takes the same
 * row lock, so a payment a moment earlier wins), then the rule run again for it alone and this
 * address, now — a later order of the address paid since the candidates were read leaves it out.
 */
export async function lockReminderCandidate(tx: Tx, orderId: number, email: string, w: ReminderWindow): Promise<boolean> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), sql`lower(${orders.email}) = ${email}`, isReminderCandidate(w)));
  return Boolean(row);
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
 * The paid live orders of these lower-case addresses (as every revenue figure counts them:
 * repo.ts's `REVENUE`, dated by its `paidAt`), paid from `from` (inclusive) to `to` (exclusive),
 * with their totals net of refunds.
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
        paidAt: sql<Date>`${paidAt}`.mapWith(orders.paidAt),
        netCents: sql<number>`(${orders.totalCents} - ${orders.refundedCents} - ${orders.disputeLostCents})::int`,
      })
      .from(orders)
      .where(
        and(
          inArray(sql`lower(${orders.email})`, emails.slice(i, i + EMAILS_PER_QUERY)),
          REVENUE,
          sql`${paidAt} >= ${from.toISOString()}::timestamptz`,
          sql`${paidAt} < ${to.toISOString()}::timestamptz`,
        ),
      );
    for (const r of rows) found.push({ ...r, netCents: Number(r.netCents) });
  }
  return found;
}
