import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderRefunds } from '#shared/refunds.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/orders/:id/refunds: the refunds, each line's refunded units and what is left to refund. */
export const getOrderRefunds = (id: number) => api<OrderRefunds>(`/api/orders/${id}/refunds`);

export const orderRefundsQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'order-refunds', id] as const, queryFn: () => getOrderRefunds(id) });

export const useOrderRefunds = (id: number, enabled: boolean) => useQuery({ ...orderRefundsQuery(id), enabled });
