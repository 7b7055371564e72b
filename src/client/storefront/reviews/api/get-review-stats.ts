import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { ReviewStats } from '#shared/review-types.ts';
import { api } from '../../../lib/api-client.ts';
import { logged } from '../logged.ts';

export const getReviewStats = (productId: number) =>
  logged('Failed to fetch review stats', () => api<ReviewStats>(`/api/reviews/stats/${productId}`));

export const reviewStatsQuery = (productId: number) =>
  queryOptions({ queryKey: ['review-stats', productId] as const, queryFn: () => getReviewStats(productId) });

export const useReviewStats = (productId: number) => useQuery(reviewStatsQuery(productId));
