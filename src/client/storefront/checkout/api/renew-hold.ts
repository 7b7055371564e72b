import type { CheckoutOrder } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { peekSessionId } from '../../../lib/session-id.ts';

/**
 * POST /api/checkout/:id/hold: keeps this checkout's items held a few minutes more, or holds them
 * again after the hold lapsed. A 409 says the checkout closed or the items are gone.
 */
export function renewHold(paymentIntentId: string): Promise<CheckoutOrder> {
  const session = peekSessionId();
  return api<CheckoutOrder>(`/api/checkout/${encodeURIComponent(paymentIntentId)}/hold`, {
    method: 'POST',
    headers: session ? { 'x-session-id': session } : {},
  });
}
