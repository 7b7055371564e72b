import type { OrderStatusView } from '#shared/order-status.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order-status/:token/returns: the lines to send back and why; the order's page with the new return. */
export const requestReturn = (token: string, body: { items: { productId: number; quantity: number }[]; reason: string }) =>
  api<OrderStatusView>(`/api/order-status/${encodeURIComponent(token)}/returns`, { method: 'POST', body });
