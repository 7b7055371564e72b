import type { CheckoutOrder } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../../../lib/session-id.ts';

const path = (paymentIntentId: string) => `/api/checkout/${encodeURIComponent(paymentIntentId)}/discount`;

/** POST /api/checkout/:id/discount: the code on this checkout; answers the order priced with it (409: why it cannot be used). */
export const applyDiscount = (paymentIntentId: string, code: string) =>
  api<CheckoutOrder>(path(paymentIntentId), { method: 'POST', headers: sessionHeaders(), body: { code } });

/** DELETE /api/checkout/:id/discount: the code off this checkout. */
export const removeDiscount = (paymentIntentId: string) =>
  api<CheckoutOrder>(path(paymentIntentId), { method: 'DELETE', headers: sessionHeaders() });
