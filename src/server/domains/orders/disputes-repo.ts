import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { REVENUE } from '#db/paid-orders.ts';
import { orderDisputes, orders } from '#db/schema/index.ts';

/* The orders' disputes (docs/decisions/0059): one row per Stripe dispute. */

export type DisputeRow = typeof orderDisputes.$inferSelect;
export type NewDispute = typeof orderDisputes.$inferInsert;

/** The dispute, locked for the caller's transaction when `lock`. */
export async function selectDispute(db: Tx, id: string, lock = false): Promise<DisputeRow | undefined> {
  const q = db.select().from(orderDisputes).where(eq(orderDisputes.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** Inserts a dispute seen for the first time; undefined when another event inserted it meanwhile. */
export async function insertDispute(db: Tx, row: NewDispute): Promise<DisputeRow | undefined> {
  const [inserted] = await db.insert(orderDisputes).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateDispute(db: Tx, id: string, set: Partial<NewDispute>): Promise<DisputeRow | undefined> {
  const [row] = await db
    .update(orderDisputes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(orderDisputes.id, id))
    .returning();
  return row;
}

/** An order's disputes, oldest first. */
export function selectOrderDisputes(db: Tx, orderId: number): Promise<DisputeRow[]> {
  return db.select().from(orderDisputes).where(eq(orderDisputes.orderId, orderId)).orderBy(asc(orderDisputes.openedAt));
}

/** The disputes of several orders, oldest first (a page of the owner's list). */
export function selectDisputesOf(db: Tx, orderIds: readonly number[]): Promise<DisputeRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderDisputes)
    .where(inArray(orderDisputes.orderId, [...orderIds]))
    .orderBy(asc(orderDisputes.openedAt));
}

/** Orders with a dispute (the Disputes list's count), by `orders_disputed_idx`. */
export async function countDisputedOrders(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(sql`${orders.disputeStatus} is not null`);
  return Number(row?.n ?? 0);
}

/** What lost disputes took back from the paid live orders: in all, and its sales tax part. */
export async function selectLostDisputeTotals(db: Tx): Promise<{ cents: number; taxCents: number }> {
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(${orders.disputeLostCents}), 0)::text`,
      taxCents: sql<string>`coalesce(sum(${orders.disputeLostTaxCents}), 0)::text`,
    })
    .from(orders)
    .where(sql`${orders.disputeStatus} is not null and ${orders.disputeLostCents} > 0 and ${REVENUE}`);
  return { cents: Number(row?.cents ?? 0), taxCents: Number(row?.taxCents ?? 0) };
}
