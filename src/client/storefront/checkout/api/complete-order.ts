import { api } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../../../lib/session-id.ts';

/** POST /api/orders/complete: after the provider says the payment went through; the server checks it. */
export const completeOrder = (paymentIntentId: string) =>
  api<{ success: true; orderId: number; status: string }>('/api/orders/complete', {
    method: 'POST',
    headers: sessionHeaders(),
    body: { paymentIntentId },
  });
