import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { PublicReview } from '#shared/review-types.ts';
import { api } from '../../../lib/api-client.ts';
import { logged } from '../logged.ts';

export const getReviews = (productId: number) =>
  logged('Failed to fetch reviews', () => api<PublicReview[]>(`/api/reviews?productId=${productId}`));

export const reviewsQuery = (productId: number) =>
  queryOptions({ queryKey: ['reviews', productId] as const, queryFn: () => getReviews(productId) });

export const useReviews = (productId: number) => useQuery(reviewsQuery(productId));
