import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { OrderStatusView } from '#shared/order-status.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** GET /api/order-status/:token: the order its link opens; null when the link opens nothing. */
export async function getOrderStatus(token: string): Promise<OrderStatusView | null> {
  try {
    return await api<OrderStatusView>(`/api/order-status/${encodeURIComponent(token)}`);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 414)) return null;
    throw err;
  }
}

export const orderStatusQuery = (token: string) =>
  queryOptions({ queryKey: ['order-status', token] as const, queryFn: () => getOrderStatus(token) });

export const useOrderStatus = (token: string) => useQuery(orderStatusQuery(token));
