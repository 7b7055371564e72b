import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderItems, orders } from '#db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function insertOrder(
  tx: Tx,
  v: Pick<typeof orders.$inferInsert, 'sessionId' | 'subtotalCents' | 'shippingCents' | 'totalCents' | 'expiresAt'>,
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

/** Unpaid orders of a session that still hold stock, locked: a new checkout replaces their hold. */
export function selectHoldsOfSession(tx: Tx, sessionId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.sessionId, sessionId),
        eq(orders.status, 'pending'),
        isNull(orders.stockReleasedAt),
        isNull(orders.paymentIssue),
        isNull(orders.paidAt), // set back to pending by the owner after payment: not a hold
      ),
    )
    .for('update');
}

/** Unpaid orders past their expiry that still hold stock. */
export function selectExpiredHolds(db: Tx, limit = 100): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.stockReleasedAt),
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

/** Claims the right to send an order's confirmation e-mail: true for exactly one caller. */
export async function claimConfirmationEmail(db: Tx, id: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ confirmationEmailSentAt: sql`now()` })
    .where(and(eq(orders.id, id), isNull(orders.confirmationEmailSentAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function unclaimConfirmationEmail(db: Tx, id: number): Promise<void> {
  await db.update(orders).set({ confirmationEmailSentAt: null }).where(eq(orders.id, id));
}

/**
 * The dashboard's orders, newest first: every order that was paid or reached the payment step
 * with an address (abandoned carts without a customer are left out), with their items.
 */
export async function selectAdminOrders(db: Tx, limit = 1000): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(or(ne(orders.status, 'pending'), isNotNull(orders.email), isNotNull(orders.paymentIssue)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
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

/** Claims the shipped e-mail for an order: true for exactly one caller, ever. */
export async function claimShippedEmail(db: Tx, id: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ shippedEmailSentAt: sql`now()` })
    .where(and(eq(orders.id, id), isNull(orders.shippedEmailSentAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function unclaimShippedEmail(db: Tx, id: number): Promise<void> {
  await db.update(orders).set({ shippedEmailSentAt: null }).where(eq(orders.id, id));
}

/** Stores a label on an order that has none; false when another label got there first. */
export async function attachLabel(
  db: Tx,
  id: number,
  v: { trackingNumber: string; shippingCarrier: string; shippingService: string; shippingCostCents: number; labelUrl: string },
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
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id));
}
