import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdersSummary } from '#shared/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { ORDERS_KEY } from './get-orders.ts';

/** GET /api/orders/summary: the summary cards and each list's count. */
export const getOrdersSummary = () => api<OrdersSummary>('/api/orders/summary');

/** Under the orders' key: whatever refreshes the orders refreshes their figures. Polled with them. */
export const ordersSummaryQuery = () =>
  queryOptions({ queryKey: [...ORDERS_KEY, 'summary'] as const, queryFn: getOrdersSummary, refetchInterval: 30_000 });

export const useOrdersSummary = (enabled: boolean) => useQuery({ ...ordersSummaryQuery(), enabled });
