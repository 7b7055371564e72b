import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { discountCodes, discountRedemptions } from '#db/schema/index.ts';

export type DiscountRow = typeof discountCodes.$inferSelect;
export type RedemptionRow = typeof discountRedemptions.$inferSelect;
export type DiscountFields = Omit<typeof discountCodes.$inferInsert, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

/** A new code; undefined when the code exists already. */
export async function insertDiscount(db: Tx, v: DiscountFields): Promise<DiscountRow | undefined> {
  const [row] = await db.insert(discountCodes).values(v).onConflictDoNothing().returning();
  return row;
}

/**
 * A code's terms changed: 'duplicate' when another code has the new name, 'limit' when its new usage
 * limit is below the uses taken (one taken meanwhile included), undefined when it is gone.
 */
export async function updateDiscount(
  db: Tx,
  id: number,
  v: DiscountFields,
): Promise<DiscountRow | 'duplicate' | 'limit' | undefined> {
  try {
    const [row] = await db
      .update(discountCodes)
      .set({ ...v, updatedAt: sql`now()` })
      .where(and(eq(discountCodes.id, id), v.usageLimit == null ? undefined : sql`${discountCodes.usedCount} <= ${v.usageLimit}`))
      .returning();
    if (row || v.usageLimit == null) return row;
    return (await selectDiscount(db, id)) ? 'limit' : undefined;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function deleteDiscount(db: Tx, id: number): Promise<boolean> {
  const rows = await db.delete(discountCodes).where(eq(discountCodes.id, id)).returning({ id: discountCodes.id });
  return rows.length > 0;
}

export async function selectDiscount(db: Tx, id: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

export async function selectByCode(db: Tx, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

export function selectDiscounts(db: Tx): Promise<DiscountRow[]> {
  return db.select().from(discountCodes).orderBy(asc(discountCodes.code));
}

/** Per code (or for one): the uses redeemed by paid orders, and what they saved. */
export async function selectRedeemedTotals(
  db: Tx,
  discountId?: number,
): Promise<Map<number, { redeemed: number; savedCents: number }>> {
  const rows = await db
    .select({
      discountId: discountRedemptions.discountId,
      redeemed: sql<number>`count(*)::int`,
      saved: sql<number>`coalesce(sum(${discountRedemptions.amountCents}), 0)::bigint`,
    })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.status, 'redeemed'),
        discountId === undefined ? undefined : eq(discountRedemptions.discountId, discountId),
      ),
    )
    .groupBy(discountRedemptions.discountId);
  return new Map(rows.map((r) => [r.discountId, { redeemed: Number(r.redeemed), savedCents: Number(r.saved) }]));
}

/**
 * Takes one use of a code: one conditional update, so uses taken at once never pass the limit.
 * False when none is left.
 */
export async function takeUse(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, id),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}

export async function giveBackUse(tx: Tx, id: number): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
    .where(eq(discountCodes.id, id));
}

/** A use by an order; 'email' when that address holds or used one already (the partial unique index). */
export async function insertRedemption(
  tx: Tx,
  v: { discountId: number; orderId: number; email: string | null; amountCents: number },
): Promise<RedemptionRow | 'email'> {
  try {
    // A savepoint: a refused insert must not abort the caller's transaction.
    return await tx.transaction(async (inner) => {
      const [row] = await inner.insert(discountRedemptions).values(v).returning();
      if (!row) throw new Error('redemption not inserted');
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'email';
    throw err;
  }
}

/** The order's use of a code, reserved or redeemed. */
export async function selectOpenRedemption(tx: Tx, orderId: number): Promise<RedemptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.orderId, orderId), ne(discountRedemptions.status, 'released')));
  return row;
}

export async function setRedemptionStatus(tx: Tx, id: number, status: 'redeemed' | 'released'): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status, settledAt: sql`now()` })
    .where(and(eq(discountRedemptions.id, id), inArray(discountRedemptions.status, ['reserved'])));
}

/** Names the address a reserved use is for; false when that address holds or used one already. */
export async function bindEmail(tx: Tx, id: number, email: string): Promise<boolean> {
  try {
    await tx.transaction(async (inner) => {
      await inner.update(discountRedemptions).set({ email }).where(eq(discountRedemptions.id, id));
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
