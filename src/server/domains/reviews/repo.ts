import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { reviews } from '#db/schema/index.ts';

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

/** Inserts a review; undefined when this e-mail already reviewed this product. */
export async function insertReview(db: Tx, v: typeof reviews.$inferInsert): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(reviews).values(v).onConflictDoNothing().returning();
  return row;
}

/**
 * A page of the dashboard's reviews, newest first (by id: reviews are written as they come), after
 * `cursor`; `q` is found in the title, name, e-mail or text, in any case, taken literally. One more
 * than asked says whether more follow.
 */
export async function selectAdminPage(
  db: Tx,
  page: { status?: 'pending' | 'approved' | undefined; q?: string | undefined; limit: number; cursor?: number | undefined },
): Promise<{ rows: ReviewRow[]; more: boolean }> {
  const found = await db
    .select()
    .from(reviews)
    .where(
      and(
        page.status === undefined ? undefined : eq(reviews.isApproved, page.status === 'approved'),
        page.cursor === undefined ? undefined : lt(reviews.id, page.cursor),
        page.q
          ? sql`strpos(lower(${reviews.title} || ' ' || ${reviews.customerName} || ' ' || ${reviews.customerEmail} || ' ' || ${reviews.content}), lower(${page.q})) > 0`
          : undefined,
      ),
    )
    .orderBy(desc(reviews.id))
    .limit(page.limit + 1);
  return { rows: found.slice(0, page.limit), more: found.length > page.limit };
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
