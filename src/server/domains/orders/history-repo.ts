import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderEvents } from '#db/schema/index.ts';

/* Orders' histories (docs/decisions/0026): what happened to each, for the owner and the shopper. */

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
