import type { CodeVerdict } from '#shared/review-types.ts';
import { api } from '../../../lib/api-client.ts';

/** The code from the e-mail: whether this address bought the product, and the token to review it. */
export const verifyCode = (email: string, productId: number, code: string) =>
  api<CodeVerdict>('/api/reviews/verify-code', { method: 'POST', body: { email, productId, code } });
