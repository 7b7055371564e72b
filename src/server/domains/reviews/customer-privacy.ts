import { asc, sql } from 'drizzle-orm';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { reviews, reviewVerifications } from '#db/schema/index.ts';

/** A customer's reviews for their access and deletion requests (docs/decisions/0049). */
export async function customerReviews(db: Tx, m: AddressMatch): Promise<CustomerData['reviews']> {
  const rows = await db.select().from(reviews).where(matchesAddress(reviews.customerEmail, m)).orderBy(asc(reviews.id));
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    rating: r.rating,
    title: r.title,
    content: r.content,
    approved: r.isApproved,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The address's reviews keep their stars and words but show no name, and no longer hold the address
 * (each gets `erased-<id>` in its place, which keeps one review per address and product unique);
 * its review codes go. Returns how many of each.
 */
export async function eraseCustomerReviews(tx: Tx, m: AddressMatch): Promise<{ reviews: number; codes: number }> {
  const erased = await tx
    .update(reviews)
    .set({ customerName: '', customerEmail: sql`'erased-' || ${reviews.id}` })
    .where(matchesAddress(reviews.customerEmail, m))
    .returning({ id: reviews.id });
  const codes = await tx
    .delete(reviewVerifications)
    .where(matchesAddress(reviewVerifications.email, m))
    .returning({ id: reviewVerifications.id });
  return { reviews: erased.length, codes: codes.length };
}
