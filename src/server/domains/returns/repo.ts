import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReturnStatus } from '#shared/returns.ts';
import type { Tx } from '#db/client.ts';
import { returnItems, returnRequests } from '#db/schema/index.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnItemRow = typeof returnItems.$inferSelect;

export async function insertReturn(
  tx: Tx,
  v: { orderId: number; reason: string },
  items: readonly { productId: number; quantity: number }[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(returnRequests).values(v).returning();
  if (!row) throw new Error('return not inserted');
  await tx.insert(returnItems).values(items.map((i) => ({ returnId: row.id, productId: i.productId, quantity: i.quantity })));
  return row;
}

export async function selectReturn(db: Tx, id: number): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

export function selectReturnsOfOrder(db: Tx, orderId: number): Promise<ReturnRow[]> {
  return db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(desc(returnRequests.id));
}

export function selectItems(db: Tx, returnIds: readonly number[]): Promise<ReturnItemRow[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(returnItems)
    .where(inArray(returnItems.returnId, [...returnIds]))
    .orderBy(asc(returnItems.productId));
}

/** Units of each product in the order's returns still under way (asked for or approved, not yet refunded). */
export async function selectOpenQuantities(db: Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: returnItems.productId, quantity: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
    .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, ['requested', 'approved'])))
    .groupBy(returnItems.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.quantity)]));
}

/** Changes a return that is in one of `from`; undefined when it is not (another request changed it first). */
export async function updateFrom(
  tx: Tx,
  id: number,
  from: readonly ReturnStatus[],
  set: Partial<typeof returnRequests.$inferInsert>,
): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .update(returnRequests)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(returnRequests.id, id), inArray(returnRequests.status, [...from])))
    .returning();
  return row;
}

/** Claims the making of an approved return's label: one request at a time (a claim older than 5 minutes is stale). */
export async function claimLabel(db: Tx, id: number): Promise<boolean> {
  const rows = await db
    .update(returnRequests)
    .set({ labelStartedAt: sql`now()` })
    .where(
      and(
        eq(returnRequests.id, id),
        eq(returnRequests.status, 'approved'),
        or(isNull(returnRequests.labelStartedAt), lt(returnRequests.labelStartedAt, sql`now() - interval '5 minutes'`)),
      ),
    )
    .returning({ id: returnRequests.id });
  return rows.length > 0;
}

export async function releaseLabel(db: Tx, id: number): Promise<void> {
  await db.update(returnRequests).set({ labelStartedAt: null }).where(eq(returnRequests.id, id));
}

export async function markArrived(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(returnRequests)
    .set({ arrivedAt: sql`coalesce(${returnRequests.arrivedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(returnRequests.id, id));
}

/** The owner's list: newest first, after `cursor`, one more than asked to tell whether more follow. */
export function selectPage(db: Tx, q: { status?: ReturnStatus; limit: number; cursor?: number }): Promise<ReturnRow[]> {
  return db
    .select()
    .from(returnRequests)
    .where(
      and(q.status ? eq(returnRequests.status, q.status) : undefined, q.cursor ? lt(returnRequests.id, q.cursor) : undefined),
    )
    .orderBy(desc(returnRequests.id))
    .limit(q.limit + 1);
}

/** How many returns are in each status (the tab's counts). */
export async function countByStatus(db: Tx): Promise<Record<ReturnStatus, number>> {
  const rows = await db
    .select({ status: returnRequests.status, n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .groupBy(returnRequests.status);
  const counts: Record<ReturnStatus, number> = { requested: 0, approved: 0, refused: 0, received: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
