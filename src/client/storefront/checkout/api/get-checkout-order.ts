import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../../../lib/session-id.ts';

/** GET /api/checkout/:paymentIntentId: the checkout's order, its items, total and hold. */
export const getCheckoutOrder = (paymentIntentId: string) =>
  api<CheckoutOrder>(`/api/checkout/${encodeURIComponent(paymentIntentId)}`, { headers: sessionHeaders() });

export const checkoutOrderQuery = (paymentIntentId: string) =>
  queryOptions({ queryKey: ['checkout-order', paymentIntentId] as const, queryFn: () => getCheckoutOrder(paymentIntentId) });

export const useCheckoutOrder = (paymentIntentId: string) => useQuery(checkoutOrderQuery(paymentIntentId));
