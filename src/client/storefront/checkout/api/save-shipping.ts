import type { CheckoutOrder, ShippingChoices, ShippingFields } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../../../lib/session-id.ts';

/** POST /api/orders/shipping: step 1's details and its two boxes; answers the order. */
export const saveShipping = (paymentIntentId: string, fields: ShippingFields, choices: ShippingChoices) =>
  api<CheckoutOrder>('/api/orders/shipping', {
    method: 'POST',
    headers: sessionHeaders(),
    body: { paymentIntentId, ...fields, ...choices },
  });
