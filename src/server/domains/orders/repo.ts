import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderEvents, orderItems, orderKindChanges, orderKindTotals, orderSearchText, orders } from '#db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function insertOrder(
  tx: Tx,
  v: Pick<
    typeof orders.$inferInsert,
    | 'sessionId'
    | 'subtotalCents'
    | 'shippingCents'
    | 'shippingRateCents'
    | 'freeShippingOverCents'
    | 'totalCents'
    | 'expiresAt'
    | 'paymentMode'
    | 'analyticsSessionId'
  >,
  items: readonly Omit<typeof orderItems.$inferInsert, 'orderId'>[],
): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(v).returning();
  if (!order) throw new Error('order not inserted');
  await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId: order.id })));
  return order;
}

export function selectItems(db: Tx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function selectByPaymentId(db: Tx, paymentIntentId: string, lock = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function selectById(db: Tx, id: number, lock = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** These orders (those that exist), in one statement. */
export function selectByIds(db: Tx, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** The newest paid orders (any state after payment) placed with this e-mail address, in any case. */
export function selectPaidOfEmail(db: Tx, email: string, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(sql`lower(${orders.email}) = lower(${email})`, isNotNull(orders.paidAt)))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit);
}

/**
 * The paid (or shipped, or delivered) order of this e-mail, compared case-insensitively, that
 * contains the product; undefined when there is none.
 */
export async function selectPurchase(db: Tx, email: string, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        sql`lower(${orders.email}) = lower(${email})`,
        inArray(orders.status, ['paid', 'shipped', 'delivered']),
        eq(orderItems.productId, productId),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.id;
}

/**
 * A session's unpaid checkouts a new checkout replaces, newest first, locked: those holding stock
 * and those with a discount code that are not closed.
 */
export function selectReplaceableOfSession(tx: Tx, sessionId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.sessionId, sessionId),
        eq(orders.status, 'pending'),
        isNull(orders.paymentIssue),
        isNull(orders.paidAt), // set back to pending by the owner after payment: not a checkout
        or(isNull(orders.stockReleasedAt), and(isNotNull(orders.discountCode), isNull(orders.expiredAt))),
      ),
    )
    .orderBy(desc(orders.id))
    .for('update');
}

/** Sets each line's share of the order's discount (a line absent from `shares` has none). */
export async function updateItemDiscounts(tx: Tx, orderId: number, shares: ReadonlyMap<number, number>): Promise<void> {
  const byProduct = JSON.stringify(Object.fromEntries(shares));
  await tx
    .update(orderItems)
    .set({ discountCents: sql`coalesce((${byProduct}::jsonb ->> ${orderItems.productId}::text)::int, 0)` })
    .where(eq(orderItems.orderId, orderId));
}

/** Unpaid checkouts past their end that are not closed yet. */
export function selectEndedCheckouts(db: Tx, limit = 100): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.expiredAt),
        isNull(orders.paymentIssue),
        isNull(orders.paidAt),
        lt(orders.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

export async function updateOrder(tx: Tx, id: number, set: Partial<typeof orders.$inferInsert>): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/** The confirmation e-mail was delivered (by the mail outbox); the first time is kept. */
export async function markConfirmationSent(tx: Tx, id: number): Promise<void> {
  await tx
    .update(orders)
    .set({ confirmationEmailSentAt: sql`coalesce(${orders.confirmationEmailSentAt}, now())` })
    .where(eq(orders.id, id));
}

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
  filter?: 'payment-problem' | 'expired';
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

/** Orders with their items, in one more query. */
export async function withItems(db: Tx, rows: OrderRow[]): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
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

/** One kind of order, as the summary tells them apart: how many, and their totals. */
export interface OrderKind {
  status: OrderRow['status'];
  paymentMode: OrderRow['paymentMode'];
  hasIssue: boolean;
  hasPaid: boolean;
  hasEmail: boolean;
  hasExpired: boolean;
  orders: number;
  totalCents: number;
  refundedCents: number;
  singleUnits: number;
  bundleUnits: number;
  /** Orders holding a 3-pack. */
  bundleOrders: number;
}

/**
 * Every kind of order with its count and totals (a few dozen rows): the folded totals plus the
 * changes not folded yet, in one statement so a fold running meanwhile is seen whole or not at all.
 */
export async function selectOrderKinds(db: Tx): Promise<OrderKind[]> {
  const res = (await db.execute(sql`
    select status, payment_mode, has_issue, has_paid, has_email, has_expired,
      sum(orders)::text as orders, sum(total_cents)::text as total_cents, sum(refunded_cents)::text as refunded_cents,
      sum(single_units)::text as single_units, sum(bundle_units)::text as bundle_units, sum(bundle_orders)::text as bundle_orders
    from (
      select status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
        single_units, bundle_units, bundle_orders
      from ${orderKindTotals}
      union all
      select status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
        single_units, bundle_units, bundle_orders
      from ${orderKindChanges}
    ) k
    group by 1, 2, 3, 4, 5, 6
  `)) as unknown as {
    rows: {
      status: OrderRow['status'];
      payment_mode: OrderRow['paymentMode'];
      has_issue: boolean;
      has_paid: boolean;
      has_email: boolean;
      has_expired: boolean;
      orders: string;
      total_cents: string;
      refunded_cents: string;
      single_units: string;
      bundle_units: string;
      bundle_orders: string;
    }[];
  };
  return res.rows.map((r) => ({
    status: r.status,
    paymentMode: r.payment_mode,
    hasIssue: r.has_issue,
    hasPaid: r.has_paid,
    hasEmail: r.has_email,
    hasExpired: r.has_expired,
    orders: Number(r.orders),
    totalCents: Number(r.total_cents),
    refundedCents: Number(r.refunded_cents),
    singleUnits: Number(r.single_units),
    bundleUnits: Number(r.bundle_units),
    bundleOrders: Number(r.bundle_orders),
  }));
}

/**
 * Moves the changes written so far into the totals, in one statement (ADR 0031). Folds running at
 * once on several instances take turns on the rows; a change is folded exactly once. Returns how
 * many changes were folded.
 */
export async function foldOrderKindChanges(db: Tx): Promise<number> {
  const res = (await db.execute(sql`
    with moved as (delete from ${orderKindChanges} returning *),
    folded as (
      insert into ${orderKindTotals} (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
        single_units, bundle_units, bundle_orders)
      select status, payment_mode, has_issue, has_paid, has_email, has_expired, sum(orders), sum(total_cents), sum(refunded_cents),
        sum(single_units), sum(bundle_units), sum(bundle_orders)
      from moved group by 1, 2, 3, 4, 5, 6
      on conflict (status, payment_mode, has_issue, has_paid, has_email, has_expired) do update set
        orders = ${orderKindTotals.orders} + excluded.orders,
        total_cents = ${orderKindTotals.totalCents} + excluded.total_cents,
        refunded_cents = ${orderKindTotals.refundedCents} + excluded.refunded_cents,
        single_units = ${orderKindTotals.singleUnits} + excluded.single_units,
        bundle_units = ${orderKindTotals.bundleUnits} + excluded.bundle_units,
        bundle_orders = ${orderKindTotals.bundleOrders} + excluded.bundle_orders
      returning 1
    )
    select (select count(*) from moved)::int as changes, (select count(*) from folded)::int as kinds
  `)) as unknown as { rows: { changes: number }[] };
  return Number(res.rows[0]?.changes ?? 0);
}

/** The shipped e-mail was delivered (by the mail outbox); the first time is kept. */
export async function markShippedSent(tx: Tx, id: number): Promise<void> {
  await tx
    .update(orders)
    .set({ shippedEmailSentAt: sql`coalesce(${orders.shippedEmailSentAt}, now())` })
    .where(eq(orders.id, id));
}

export async function markDeliveredSent(tx: Tx, id: number): Promise<void> {
  await tx
    .update(orders)
    .set({ deliveredEmailSentAt: sql`coalesce(${orders.deliveredEmailSentAt}, now())` })
    .where(eq(orders.id, id));
}

/** Stores a label on an order that has none; false when another label got there first. */
export async function attachLabel(
  db: Tx,
  id: number,
  v: {
    trackingNumber: string;
    shippingCarrier: string;
    shippingService: string;
    shippingCostCents: number;
    labelUrl: string;
    trackingUrl: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), isNull(orders.trackingNumber)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function detachLabel(db: Tx, id: number): Promise<void> {
  await db
    .update(orders)
    .set({
      trackingNumber: null,
      shippingCarrier: null,
      shippingService: null,
      shippingCostCents: null,
      labelUrl: null,
      trackingUrl: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id));
}

/** Payment ids of recent pending orders (a week), for reconciliation after a crash. */
export async function selectRecentPendingPaymentIds(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ id: orders.paymentIntentId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.paymentIssue),
        isNotNull(orders.paymentIntentId),
        sql`${orders.createdAt} > now() - interval '7 days'`,
      ),
    );
  return rows.map((r) => r.id).filter((id): id is string => Boolean(id));
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** One event of an order's history, written in the caller's transaction (with the change it tells of). */
export async function insertEvent(
  tx: Tx,
  v: { orderId: number; type: OrderEventRow['type']; message: string; actor: string; shopperMessage: string | null; at?: Date },
): Promise<OrderEventRow> {
  const [row] = await tx.insert(orderEvents).values(v).returning();
  if (!row) throw new Error('order event not inserted');
  return row;
}

/** Several events of orders' histories in one statement, in the caller's transaction. */
export async function insertEvents(
  tx: Tx,
  rows: readonly {
    orderId: number;
    type: OrderEventRow['type'];
    message: string;
    actor: string;
    shopperMessage: string | null;
    at?: Date;
  }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(orderEvents).values([...rows]);
}

/** The events the shopper's order page shows: those with a shopper's line, newest first (a late carrier scan in its place). */
export function selectShopperEvents(db: Tx, orderId: number): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), isNotNull(orderEvents.shopperMessage)))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id));
}

/** An order's history, oldest first. */
export function selectEvents(db: Tx, orderId: number): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
