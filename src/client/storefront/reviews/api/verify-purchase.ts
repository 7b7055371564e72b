import type { CodeSent } from '#shared/review-types.ts';
import { api } from '../../../lib/api-client.ts';

/** Asks the store to e-mail a one-time code to the address (the same answer for any address). */
export const verifyPurchase = (email: string, productId: number) =>
  api<CodeSent>('/api/reviews/verify-purchase', { method: 'POST', body: { email, productId } });
