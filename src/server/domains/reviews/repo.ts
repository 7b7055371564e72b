import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderItems, orders, reviews } from '#db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export function selectApproved(db: Tx, productId: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
}

/** Approved reviews per product (those with any): how many, and their average rounded to one decimal (in SQL). */
export async function selectApprovedStatsByProduct(db: Tx): Promise<Map<number, { total: number; average: number }>> {
  const rows = await db
    .select({
      productId: reviews.productId,
      total: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating})::numeric, 1)`,
    })
    .from(reviews)
    .where(eq(reviews.isApproved, true))
    .groupBy(reviews.productId);
  return new Map(rows.map((r) => [r.productId, { total: Number(r.total), average: r.average == null ? 0 : Number(r.average) }]));
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

/** Inserts a review; undefined when this e-mail already reviewed this product. */
export async function insertReview(db: Tx, v: typeof reviews.$inferInsert): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(reviews).values(v).onConflictDoNothing().returning();
  return row;
}

export function selectAll(db: Tx, limit = 1000): Promise<ReviewRow[]> {
  return db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
}

export async function approve(db: Tx, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ isApproved: true, approvedAt: sql`coalesce(${reviews.approvedAt}, now())` })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

export async function remove(db: Tx, id: number): Promise<boolean> {
  return (await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id })).length > 0;
}

export async function selectAdminStats(db: Tx) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating}) filter (where ${reviews.isApproved})::numeric, 1)`,
      verified: sql<number>`count(*) filter (where ${reviews.isVerified})::int`,
      pending: sql<number>`count(*) filter (where not ${reviews.isApproved})::int`,
    })
    .from(reviews);
  return {
    totalReviews: Number(row?.total ?? 0),
    averageRating: row?.average == null ? 0 : Number(row.average),
    verifiedReviews: Number(row?.verified ?? 0),
    pendingReviews: Number(row?.pending ?? 0),
  };
}
