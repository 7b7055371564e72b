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

/** A use by an order; 'mailbox' when that mailbox holds or used one already (the partial unique index). */
export async function insertRedemption(
  tx: Tx,
  v: {
    discountId: number;
    orderId: number;
    email: string | null;
    mailbox: string | null;
    amountCents: number;
    status?: 'reserved' | 'redeemed';
    heldUntil: Date | null;
  },
): Promise<RedemptionRow | 'mailbox'> {
  try {
    // A savepoint: a refused insert must not abort the caller's transaction.
    return await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(discountRedemptions)
        .values({ ...v, settledAt: v.status === 'redeemed' ? sql`now()` : null })
        .returning();
      if (!row) throw new Error('redemption not inserted');
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'mailbox';
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
    .set({ status, settledAt: sql`now()`, heldUntil: null })
    .where(and(eq(discountRedemptions.id, id), inArray(discountRedemptions.status, ['reserved'])));
}

/**
 * Names the address (and, for a code allowed once per address, the mailbox) a use is for; false
 * when that mailbox holds or used one already.
 */
export async function bindEmail(tx: Tx, id: number, email: string, mailbox: string | null): Promise<boolean> {
  try {
    await tx.transaction(async (inner) => {
      await inner.update(discountRedemptions).set({ email, mailbox }).where(eq(discountRedemptions.id, id));
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Keeps a reserved use until then; false when the order holds none reserved (given back, or never). */
export async function renewHeld(tx: Tx, orderId: number, heldUntil: Date): Promise<boolean> {
  const rows = await tx
    .update(discountRedemptions)
    .set({ heldUntil })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'reserved')))
    .returning({ id: discountRedemptions.id });
  return rows.length > 0;
}

/**
 * Gives back, in one statement, every reserved use whose checkout's page stopped renewing it: each
 * is released and its code's count goes down by one. A use redeemed meanwhile is not touched (the
 * status is checked again under the row's lock). Returns how many were given back.
 */
export async function releaseLapsed(db: Tx): Promise<number> {
  const result = (await db.execute(sql`
    with lapsed as (
      update ${discountRedemptions} set status = 'released', settled_at = now(), held_until = null
      where status = 'reserved' and held_until < now()
      returning discount_id
    ), per_code as (
      select discount_id, count(*)::int as n from lapsed group by discount_id
    )
    update ${discountCodes} c set used_count = greatest(c.used_count - p.n, 0)
    from per_code p where c.id = p.discount_id
    returning p.n
  `)) as unknown as { rows: { n: number }[] };
  return result.rows.reduce((sum, r) => sum + Number(r.n), 0);
}
