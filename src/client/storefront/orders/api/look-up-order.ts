import { api } from '../../../lib/api-client.ts';

/** POST /api/order-status/lookup: the order page's token for an order number and the e-mail it was placed with. */
export const lookUpOrder = (body: { orderNumber: string; email: string }) =>
  api<{ token: string }>('/api/order-status/lookup', { method: 'POST', body });
