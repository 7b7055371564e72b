import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReview, AdminReviewStats } from '#shared/review-types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/reviews: every review with its e-mail, and the figures; only while the Reviews tab is open (docs/product.md §7). */
export const getAdminReviews = () => api<{ reviews: AdminReview[]; stats: AdminReviewStats }>('/api/admin/reviews');

export const adminReviewsQuery = () => queryOptions({ queryKey: ['admin', 'reviews'] as const, queryFn: getAdminReviews });

export const useAdminReviews = () => useQuery(adminReviewsQuery());
