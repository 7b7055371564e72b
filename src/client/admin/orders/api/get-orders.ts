import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderStatus } from '#shared/admin.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/orders: every paid order (and payment problems); or, with 'pending', the problems and the open checkouts. */
export const getOrders = (status?: OrderStatus) => api<AdminOrder[]>(status ? `/api/orders?status=${status}` : '/api/orders');

export const ORDERS_KEY = ['admin', 'orders'] as const;

/** Polled every 30 s (SPEC §7). */
export const ordersQuery = (status?: OrderStatus) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, status ?? 'all'] as const,
    queryFn: () => getOrders(status),
    refetchInterval: 30_000,
  });

export const useOrders = (status: OrderStatus | undefined, enabled: boolean) => useQuery({ ...ordersQuery(status), enabled });

/** An order as a write answered it, in every list that shows it (each filter has its own). */
export function replaceOrder(qc: QueryClient, order: AdminOrder): void {
  qc.setQueriesData<AdminOrder[]>({ queryKey: ORDERS_KEY }, (list) => list?.map((o) => (o.id === order.id ? order : o)));
}
