import type { TestConfirmResult } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payments/test/confirm: the built-in provider's card form (docs/engineering.md §4.4). */
export const confirmTestPayment = (clientSecret: string, cardNumber: string) =>
  api<TestConfirmResult>('/api/payments/test/confirm', { method: 'POST', body: { paymentIntentId: clientSecret, cardNumber } });
