import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderItems, orders } from '#db/schema/index.ts';

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

/** No line of the order carries tax (its tax is to be worked out again). */
export async function clearItemTaxes(tx: Tx, orderId: number): Promise<void> {
  await tx.update(orderItems).set({ taxCents: 0 }).where(eq(orderItems.orderId, orderId));
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
