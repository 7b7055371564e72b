import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderSearchText, orders } from '#db/schema/index.ts';

import { type OrderItemRow, type OrderRow, withItems } from './repo.ts';

/* The owner's list and export of the orders (docs/decisions/0026). */

const needsLook = or(isNotNull(orders.paymentIssue), isNotNull(orders.paidAt));
/** Every paid order and every payment problem: the All Orders list (service.ts LISTS counts the same). */
const LISTED = or(ne(orders.status, 'pending'), needsLook);
/** The Pending list: the problems, and the open checkouts that reached the payment step. */
const PENDING_LISTED = and(eq(orders.status, 'pending'), or(needsLook, and(isNotNull(orders.email), isNull(orders.expiredAt))));
/** Checkouts that reached the payment step and closed unpaid. */
const EXPIRED = and(
  eq(orders.status, 'pending'),
  isNotNull(orders.expiredAt),
  isNotNull(orders.email),
  isNull(orders.paidAt),
  isNull(orders.paymentIssue),
);

/** LIKE's own characters taken literally. */
const likeContaining = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An order number as the owner types it: 1042 or #1042. */
const ORDER_NUMBER = /^#?(\d{1,10})$/;

/**
 * What `q` matches: any part of the first or last name or both, the e-mail or the payment id, in any
 * case (one trigram-indexed text, orderSearchText), or the order number.
 */
function matching(q: string) {
  const number = ORDER_NUMBER.exec(q)?.[1];
  return or(
    sql`${orderSearchText(orders)} like lower(${likeContaining(q)})`,
    number && Number(number) <= 2_147_483_647 ? eq(orders.id, Number(number)) : undefined,
  );
}

export interface AdminOrdersPage {
  status?: OrderRow['status'];
  filter?: 'payment-problem' | 'expired' | 'disputes';
  q?: string;
  limit: number;
  /** The last order of the previous page: this page starts below it. */
  cursor?: number;
}

/**
 * A page of the dashboard's orders, newest (highest number) first, with their items, and whether
 * more follow. Which orders: a filter's; else a status's (Pending: see PENDING_LISTED); else LISTED.
 * A checkout that never reached the payment step is no order, and a closed one shows only under
 * its filter.
 */
export async function selectAdminOrders(
  db: Tx,
  page: AdminOrdersPage,
): Promise<{ rows: { order: OrderRow; items: OrderItemRow[] }[]; more: boolean }> {
  const which =
    page.filter === 'payment-problem'
      ? isNotNull(orders.paymentIssue)
      : page.filter === 'expired'
        ? EXPIRED
        : page.filter === 'disputes'
          ? isNotNull(orders.disputeStatus)
          : page.status === undefined
            ? LISTED
            : page.status === 'pending'
              ? PENDING_LISTED
              : eq(orders.status, page.status);
  const where = and(
    which,
    page.filter && page.status ? eq(orders.status, page.status) : undefined,
    page.q ? matching(page.q) : undefined,
    page.cursor ? lt(orders.id, page.cursor) : undefined,
  );
  const found = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(page.limit + 1);
  const more = found.length > page.limit;
  return { rows: await withItems(db, more ? found.slice(0, page.limit) : found), more };
}

/**
 * The next batch of an export, oldest first, after order `afterId`: a status's list (or every paid
 * order and payment problem), placed between `from` and the end of `to` (UTC days).
 */
export async function selectExportBatch(
  db: Tx,
  q: { from?: string; to?: string; status?: OrderRow['status'] },
  afterId: number,
  limit: number,
): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  const which = q.status === undefined ? LISTED : q.status === 'pending' ? PENDING_LISTED : eq(orders.status, q.status);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        which,
        gt(orders.id, afterId),
        q.from ? sql`${orders.createdAt} >= ${`${q.from}T00:00:00Z`}::timestamptz` : undefined,
        q.to ? sql`${orders.createdAt} < ${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day'` : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  return withItems(db, rows);
}
