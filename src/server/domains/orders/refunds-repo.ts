import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderRefundItems, orderRefunds, orders } from '#db/schema/index.ts';

export type RefundRow = typeof orderRefunds.$inferSelect;
export type RefundItemRow = typeof orderRefundItems.$inferSelect;

/**
 * A new pending refund with its lines, its amount added to the order's refunded total in the same
 * statement's transaction. Undefined when a refund with this request key exists already.
 */
export async function insertRefund(
  tx: Tx,
  v: Pick<typeof orderRefunds.$inferInsert, 'orderId' | 'amountCents' | 'reason' | 'requestKey' | 'actor' | 'cancelsOrder'> &
    Partial<
      Pick<
        typeof orderRefunds.$inferInsert,
        'providerRefundId' | 'status' | 'settledAt' | 'returnId' | 'requestHash' | 'taxCents'
      >
    >,
  items: readonly { productId: number; quantity: number; restock: boolean }[],
): Promise<RefundRow | undefined> {
  const [row] = await tx.insert(orderRefunds).values(v).onConflictDoNothing().returning();
  if (!row) return undefined;
  if (items.length > 0) await tx.insert(orderRefundItems).values(items.map((i) => ({ ...i, refundId: row.id })));
  await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${v.amountCents}`,
      refundedTaxCents: sql`${orders.refundedTaxCents} + ${v.taxCents ?? 0}`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, v.orderId));
  return row;
}

export async function selectRefundByKey(db: Tx, orderId: number, requestKey: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.requestKey, requestKey)))
    .limit(1);
  return row;
}

export async function selectRefund(db: Tx, id: number, lock = false): Promise<RefundRow | undefined> {
  const q = db.select().from(orderRefunds).where(eq(orderRefunds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function selectRefundByProviderId(db: Tx, providerRefundId: string, lock = false): Promise<RefundRow | undefined> {
  const q = db.select().from(orderRefunds).where(eq(orderRefunds.providerRefundId, providerRefundId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export function selectRefunds(db: Tx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));
}

export function selectRefundItems(db: Tx, refundIds: readonly number[]): Promise<RefundItemRow[]> {
  if (refundIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderRefundItems)
    .where(inArray(orderRefundItems.refundId, [...refundIds]))
    .orderBy(asc(orderRefundItems.id));
}

export function selectRefundsByIds(db: Tx, ids: readonly number[]): Promise<RefundRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.id, [...ids]));
}

/** Units of each product of these orders given back by their refunds that did not fail, by order. */
export async function selectRefundedQuantitiesOf(db: Tx, orderIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const byOrder = new Map<number, Map<number, number>>(orderIds.map((id) => [id, new Map()]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderRefunds.orderId,
      productId: orderRefundItems.productId,
      quantity: sql<string>`sum(${orderRefundItems.quantity})`,
    })
    .from(orderRefundItems)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundItems.refundId))
    .where(and(inArray(orderRefunds.orderId, [...orderIds]), ne(orderRefunds.status, 'failed')))
    .groupBy(orderRefunds.orderId, orderRefundItems.productId);
  for (const r of rows) byOrder.get(r.orderId)?.set(r.productId, Number(r.quantity));
  return byOrder;
}

/** Units of each product of an order given back by its refunds that did not fail. */
export async function selectRefundedQuantities(db: Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: orderRefundItems.productId, quantity: sql<string>`sum(${orderRefundItems.quantity})` })
    .from(orderRefundItems)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundItems.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')))
    .groupBy(orderRefundItems.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.quantity)]));
}

/** The provider's answer: 'succeeded' (with its id), or 'failed' with the amount back on what is left to refund. */
export async function settleRefund(
  tx: Tx,
  refund: RefundRow,
  outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; failureReason: string },
): Promise<RefundRow> {
  const [row] = await tx
    .update(orderRefunds)
    .set(
      outcome.status === 'succeeded'
        ? { status: 'succeeded', providerRefundId: outcome.providerRefundId, settledAt: sql`now()` }
        : { status: 'failed', failureReason: outcome.failureReason, settledAt: sql`now()` },
    )
    .where(eq(orderRefunds.id, refund.id))
    .returning();
  if (outcome.status === 'failed' && refund.status !== 'failed') {
    await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} - ${refund.amountCents}`,
        refundedTaxCents: sql`${orders.refundedTaxCents} - ${refund.taxCents}`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, refund.orderId));
  }
  return row ?? refund;
}

/** Refunds still waiting for the provider's answer, asked before `before`. */
export function selectPendingRefunds(db: Tx, before: Date, limit = 50): Promise<RefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), lt(orderRefunds.createdAt, before)))
    .orderBy(asc(orderRefunds.id))
    .limit(limit);
}
