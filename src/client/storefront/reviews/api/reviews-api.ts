import { queryOptions } from '@tanstack/react-query';
import type { PublicReview, ReviewStats } from '#shared/review-types.ts';
import { api } from '../../../lib/api-client.ts';

/** SPEC §8: a failed fetch is logged with these words. */
async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    console.error(what, err);
    throw new Error(what);
  }
}

export const reviewStatsQuery = (productId: number) =>
  queryOptions({
    queryKey: ['review-stats', productId] as const,
    queryFn: () => logged('Failed to fetch review stats', () => api<ReviewStats>(`/api/reviews/stats/${productId}`)),
  });

export const reviewsQuery = (productId: number) =>
  queryOptions({
    queryKey: ['reviews', productId] as const,
    queryFn: () => logged('Failed to fetch reviews', () => api<PublicReview[]>(`/api/reviews?productId=${productId}`)),
  });

export const verifyPurchase = (email: string, productId: number) =>
  api<{ canReview: boolean }>('/api/reviews/verify-purchase', { method: 'POST', body: { email, productId } });

export interface NewReview {
  productId: number;
  customerName: string;
  customerEmail: string;
  rating: number;
  title: string;
  content: string;
}
export const submitReview = (review: NewReview) =>
  api<{ success: true; id: number }>('/api/reviews', { method: 'POST', body: review });
