import { api } from '../../../lib/api-client.ts';

export interface NewReview {
  productId: number;
  customerName: string;
  customerEmail: string;
  rating: number;
  title: string;
  content: string;
  /** From verify-code, or the review link of the shipped e-mail. */
  verificationToken: string;
}

export const submitReview = (review: NewReview) =>
  api<{ success: true; id: number }>('/api/reviews', { method: 'POST', body: review });
