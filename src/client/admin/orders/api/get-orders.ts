import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { AdminOrder, OrderFilter, OrderStatus } from '#shared/admin.ts';
import { type ListPage, pagedListQuery, usePagedList } from '../../lib/paged-list.ts';

/** Which orders a list shows: a status, a filter (payment problems, closed checkouts), a search. */
export interface OrdersView {
  status?: OrderStatus;
  filter?: OrderFilter;
  q?: string;
}

/** GET /api/orders: the first page of a list, newest first (the next ones are its Link header's). */
export function ordersUrl(view: OrdersView): string {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.filter) params.set('filter', view.filter);
  if (view.q) params.set('q', view.q);
  const query = params.toString();
  return query ? `/api/orders?${query}` : '/api/orders';
}

/** Everything about orders: the lists' pages and the summary (get-orders-summary.ts). */
export const ORDERS_KEY = ['admin', 'orders'] as const;
const PAGES_KEY = [...ORDERS_KEY, 'pages'] as const;

/**
 * The pages loaded so far of a list, asked for again every 30 s (docs/product.md §7): new and
 * changed orders show without a Refresh.
 */
export const ordersQuery = (view: OrdersView) => ({
  ...pagedListQuery<AdminOrder[]>(PAGES_KEY, ordersUrl(view)),
  refetchInterval: 30_000,
});

/** A list's orders, each once, a page at a time. */
export const useOrders = (view: OrdersView) =>
  usePagedList(
    ordersQuery(view),
    (page) => page,
    (o) => o.id,
  );

/** An order as a write answered it, in every page that shows it. */
export function replaceOrder(qc: QueryClient, order: AdminOrder): void {
  qc.setQueriesData<InfiniteData<ListPage<AdminOrder[]>, string>>({ queryKey: PAGES_KEY }, (list) =>
    list ? { ...list, pages: list.pages.map((p) => ({ ...p, data: p.data.map((o) => (o.id === order.id ? order : o)) })) } : list,
  );
}
