import type { CheckoutOrder } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../../../lib/session-id.ts';

/**
 * POST /api/checkout/:id/hold: keeps this checkout's items held a few minutes more, or holds them
 * again after the hold lapsed. A 409 says the checkout closed or the items are gone.
 */
export const renewHold = (paymentIntentId: string) =>
  api<CheckoutOrder>(`/api/checkout/${encodeURIComponent(paymentIntentId)}/hold`, { method: 'POST', headers: sessionHeaders() });
