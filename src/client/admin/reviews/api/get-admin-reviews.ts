import { keepPreviousData, queryOptions, useQueries } from '@tanstack/react-query';
import type { AdminReview, AdminReviewStats } from '#shared/review-types.ts';
import { apiPage } from '../../lib/api-page.ts';

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

/** One page of reviews with their e-mails and the figures, and the next page's address (the Link header) when more follow. */
export const getAdminReviewsPage = (url: string) => apiPage<{ reviews: AdminReview[]; stats: AdminReviewStats }>(url);

/** One page, by its address; only while the Reviews tab is open (docs/product.md §7). */
export const adminReviewsPageQuery = (url: string, first: boolean) =>
  queryOptions({
    queryKey: [...ADMIN_REVIEWS_KEY, url] as const,
    queryFn: () => getAdminReviewsPage(url),
    // A new filter or search keeps the list on screen until its answer comes.
    placeholderData: first ? keepPreviousData : undefined,
  });

/** The pages asked for so far: the first, then one per "Load more reviews" (each the Link of the one before). */
export const useAdminReviewsPages = (urls: readonly string[]) =>
  useQueries({ queries: urls.map((url, i) => adminReviewsPageQuery(url, i === 0)) });
