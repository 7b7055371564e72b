import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';
import { paidAt, REVENUE } from '#db/paid-orders.ts';
import { NET_OF_TAX } from './renewal-sales-repo.ts';

/**
 * What the reorders domain (docs/decisions/0051) reads of the orders, through the orders service:
 * the paid orders whose reorder reminder is due, and the paid orders placed from the carts its
 * links filled.
 */

/** The reminder's due date: `days` per bottle bought (a 3-pack is three), counted from delivery. */
export interface ReorderRule {
  /** The owner's setting: days one bottle lasts. */
  days: number;
  /** A reminder is sent at most this many days after it fell due, never later. */
  catchUpDays: number;
}

/** An order without a delivery scan is taken as delivered this many days after it shipped. */
export const DELIVERY_FALLBACK_DAYS = 7;
/** However many bottles, a reminder falls due within this many days of delivery. */
export const MAX_DUE_DAYS = 365;

/** When an order's reminder falls due (null while it is neither delivered nor shipped). */
export const dueAt = (days: number): SQL =>
  sql`(coalesce(${orders.deliveredAt}, ${orders.shippedAt} + make_interval(days => ${DELIVERY_FALLBACK_DAYS})) + make_interval(days => least(${MAX_DUE_DAYS}, ${days} * greatest(1, ${orders.singleUnits} + 3 * ${orders.bundleUnits}))))`;

/**
 * The rule: a paid order (paid, shipped or delivered: not cancelled or refunded) whose shipping step
 * ticked the box, with its address and not erased, due in the last `catchUpDays` days, and its
 * address's newest paid order (a newer order of the address means the shopper came back already).
 */
const isReorderCandidate = (r: ReorderRule): SQL | undefined =>
  and(
    isNotNull(orders.reorderReminderAt),
    isNotNull(orders.paidAt),
    inArray(orders.status, ['paid', 'shipped', 'delivered']),
    isNotNull(orders.email),
    isNull(orders.erasedAt),
    sql`${dueAt(r.days)} <= now()`,
    sql`${dueAt(r.days)} > now() - make_interval(days => ${r.catchUpDays})`,
    sql`not exists (select 1 from ${orders} later where lower(later.email) = lower(${orders.email}) and later.paid_at is not null and (later.created_at, later.id) > (${orders.createdAt}, ${orders.id}))`,
  );

export interface ReorderCandidate {
  id: number;
  /** Lower case. */
  email: string;
}

/** The orders the rule names, a page of them by id after `afterId`, read through `orders_reorder_optin_idx`. */
export function selectReorderCandidates(
  db: Tx,
  r: ReorderRule & { afterId: number; limit: number },
): Promise<ReorderCandidate[]> {
  return db
    .select({ id: orders.id, email: sql<string>`lower(${orders.email})` })
    .from(orders)
    .where(and(isReorderCandidate(r), gt(orders.id, r.afterId)))
    .orderBy(asc(orders.id))
    .limit(r.limit);
}

/**
 * Inside the reminder's transaction: the order locked (a refund or a cancellation takes the same
 * row lock), then the rule run again for it alone and this address, now.
 */
export async function lockReorderCandidate(tx: Tx, orderId: number, email: string, r: ReorderRule): Promise<boolean> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), sql`lower(${orders.email}) = ${email}`, isReorderCandidate(r)));
  return Boolean(row);
}

export interface PaidOrderOfCart {
  id: number;
  /** SHA-256 (hex) of the cart session it was placed from. */
  sessionHash: string;
  createdAt: Date;
  /** Its total less its refunds. */
  netCents: number;
}

/** Carts per statement: well under PostgreSQL's limit of parameters. */
const PER_QUERY = 1000;

/**
 * The paid live orders placed from these carts (named by the SHA-256 of their session ids), paid
 * from `from` (inclusive) to `to` (exclusive), with their totals net of refunds: revenue as every
 * figure counts it (`REVENUE`, dated by its `paidAt`).
 */
export async function selectPaidLiveOrdersOfCarts(
  db: Tx,
  sessionHashes: readonly string[],
  from: Date,
  to: Date,
): Promise<PaidOrderOfCart[]> {
  const found: PaidOrderOfCart[] = [];
  const hashOf = sql<string>`encode(sha256(convert_to(${orders.sessionId}, 'UTF8')), 'hex')`;
  for (let i = 0; i < sessionHashes.length; i += PER_QUERY) {
    const rows = await db
      .select({
        id: orders.id,
        sessionHash: hashOf,
        createdAt: orders.createdAt,
        netCents: NET_OF_TAX,
      })
      .from(orders)
      .where(
        and(
          REVENUE,
          sql`${paidAt} >= ${from.toISOString()}::timestamptz`,
          sql`${paidAt} < ${to.toISOString()}::timestamptz`,
          inArray(hashOf, sessionHashes.slice(i, i + PER_QUERY)),
        ),
      );
    for (const r of rows) found.push({ ...r, netCents: Number(r.netCents) });
  }
  return found;
}
