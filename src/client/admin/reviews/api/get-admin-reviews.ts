import type { AdminReview, AdminReviewStats } from '#shared/review-types.ts';
import { pagedListQuery, usePagedList } from '../../lib/paged-list.ts';

/** Every page of the Reviews tab is under this key: an approval or a deletion refreshes them. */
export const ADMIN_REVIEWS_KEY = ['admin', 'reviews'] as const;

/** GET /api/admin/reviews: the first page of a filter and search ('all' is every review). */
export function adminReviewsUrl(filter: string, q: string): string {
  const params = new URLSearchParams();
  if (filter === 'pending' || filter === 'approved') params.set('status', filter);
  if (q) params.set('q', q);
  const query = params.toString();
  return query ? `/api/admin/reviews?${query}` : '/api/admin/reviews';
}

/** A page of reviews with their e-mails, and the figures. */
export interface AdminReviewsPage {
  reviews: AdminReview[];
  stats: AdminReviewStats;
}

/**
 * The pages loaded so far of a filter and search: the first, then one per "Load more reviews" (each
 * the Link of the one before); only while the Reviews tab is open (docs/product.md §7).
 */
export const adminReviewsQuery = (filter: string, q: string) =>
  pagedListQuery<AdminReviewsPage>(ADMIN_REVIEWS_KEY, adminReviewsUrl(filter, q));

/** The reviews, each once (one written while pages load comes first on the next refresh), and the first page's figures. */
export const useAdminReviews = (filter: string, q: string) =>
  usePagedList(
    adminReviewsQuery(filter, q),
    (page) => page.reviews,
    (r) => r.id,
  );
