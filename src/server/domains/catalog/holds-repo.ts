import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { stockHolds } from '#db/schema/index.ts';

export type HoldRow = typeof stockHolds.$inferSelect;

/** The advisory lock class of holders (the second key is the holder's hash). */
const HOLDER_LOCK = 0x1a0e_401d;

/** Holds of one holder are counted and taken one transaction at a time, so a burst cannot pass the cap. */
export async function lockHolder(tx: Tx, holder: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${HOLDER_LOCK}, hashtext(${holder}))`);
}

export async function unitsHeldBy(tx: Tx, holder: string): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
    .from(stockHolds)
    .where(eq(stockHolds.holder, holder));
  return Number(row?.units ?? 0);
}

export async function insertHolds(tx: Tx, rows: (typeof stockHolds.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(stockHolds).values(rows);
}

/** Removes an order's holds and says what they held. */
export function deleteHolds(tx: Tx, orderId: number): Promise<{ productId: number; quantity: number }[]> {
  return tx
    .delete(stockHolds)
    .where(eq(stockHolds.orderId, orderId))
    .returning({ productId: stockHolds.productId, quantity: stockHolds.quantity });
}

/** Moves an order's hold on to `until` (never past its checkout's end); undefined when it holds nothing. */
export async function renewHolds(tx: Tx, orderId: number, until: Date): Promise<{ heldUntil: Date; endsAt: Date } | undefined> {
  const [row] = await tx
    .update(stockHolds)
    .set({ heldUntil: sql`least(${until.toISOString()}::timestamptz, ${stockHolds.endsAt})` })
    .where(eq(stockHolds.orderId, orderId))
    .returning({ heldUntil: stockHolds.heldUntil, endsAt: stockHolds.endsAt });
  return row;
}

export async function selectHold(tx: Tx, orderId: number): Promise<{ heldUntil: Date; endsAt: Date } | undefined> {
  const [row] = await tx
    .select({ heldUntil: stockHolds.heldUntil, endsAt: stockHolds.endsAt })
    .from(stockHolds)
    .where(eq(stockHolds.orderId, orderId))
    .limit(1);
  return row;
}

/** Orders whose hold has lapsed (their page was not renewing it), oldest first. */
export async function selectLapsedOrderIds(db: Tx, limit = 200): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: stockHolds.orderId, heldUntil: stockHolds.heldUntil })
    .from(stockHolds)
    .where(lt(stockHolds.heldUntil, sql`now()`))
    .orderBy(stockHolds.heldUntil)
    .limit(limit);
  return [...new Set(rows.map((r) => r.orderId))];
}

/** Per product: the units held in open checkouts, and when the last of them is back if not bought. */
export async function selectHeldByProduct(db: Tx): Promise<Map<number, { units: number; backBy: Date }>> {
  const rows = await db
    .select({
      productId: stockHolds.productId,
      units: sql<number>`sum(${stockHolds.quantity})::int`,
      backBy: sql<string>`max(${stockHolds.endsAt})`,
    })
    .from(stockHolds)
    .groupBy(stockHolds.productId);
  return new Map(rows.map((r) => [r.productId, { units: Number(r.units), backBy: new Date(r.backBy) }]));
}

/** One product's units held in open checkouts and when the last is back; undefined when none. */
export async function selectHeldOfProduct(db: Tx, productId: number): Promise<{ units: number; backBy: Date } | undefined> {
  const [row] = await db
    .select({ units: sql<number>`sum(${stockHolds.quantity})::int`, backBy: sql<string | null>`max(${stockHolds.endsAt})` })
    .from(stockHolds)
    .where(eq(stockHolds.productId, productId));
  return row?.units && row.backBy ? { units: Number(row.units), backBy: new Date(row.backBy) } : undefined;
}

/** Units of each product the open checkouts of one cart session hold. */
export async function selectHeldBySession(db: Tx, sessionId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockHolds.productId, units: sql<number>`sum(${stockHolds.quantity})::int` })
    .from(stockHolds)
    .where(eq(stockHolds.sessionId, sessionId))
    .groupBy(stockHolds.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.units)]));
}
