import { keepPreviousData, type QueryClient, queryOptions, useQueries } from '@tanstack/react-query';
import { type AdminOrder, ORDERS_PAGE_DEFAULT, type OrderFilter, type OrderStatus } from '#shared/admin.ts';
import { api } from '../../../lib/api-client.ts';

/** Which orders a list shows: a status, a filter (payment problems, closed checkouts), a search. */
export interface OrdersView {
  status?: OrderStatus;
  filter?: OrderFilter;
  q?: string;
}

/** GET /api/orders: a page of the list, newest first, after the order `cursor` when given. */
export function getOrdersPage(view: OrdersView, cursor?: number): Promise<AdminOrder[]> {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.filter) params.set('filter', view.filter);
  if (view.q) params.set('q', view.q);
  if (cursor) params.set('cursor', String(cursor));
  const query = params.toString();
  return api<AdminOrder[]>(query ? `/api/orders?${query}` : '/api/orders');
}

/** Everything about orders: the lists' pages and the summary (get-orders-summary.ts). */
export const ORDERS_KEY = ['admin', 'orders'] as const;
const PAGES_KEY = [...ORDERS_KEY, 'pages'] as const;

/**
 * One page of a list. The first is polled every 30 s (docs/product.md §7): new and changed orders show at the
 * top; the pages loaded below it stay as they are until Refresh.
 */
export const ordersPageQuery = (view: OrdersView, cursor?: number) =>
  queryOptions({
    queryKey: [...PAGES_KEY, view.status ?? '', view.filter ?? '', view.q ?? '', cursor ?? 0] as const,
    queryFn: () => getOrdersPage(view, cursor),
    refetchInterval: cursor ? false : 30_000,
    // A new search or filter keeps the list on screen until its answer comes (no flash of "Loading").
    placeholderData: cursor ? undefined : keepPreviousData,
  });

/** The next page's cursor: the last order of a full page (the server's Link header says the same). */
export const nextCursor = (page: readonly AdminOrder[] | undefined): number | undefined =>
  page && page.length >= ORDERS_PAGE_DEFAULT ? page.at(-1)?.id : undefined;

/** The pages of a list asked for so far (the first, then one per "Load more"). */
export const useOrdersPages = (view: OrdersView, cursors: readonly (number | undefined)[]) =>
  useQueries({ queries: cursors.map((cursor) => ordersPageQuery(view, cursor)) });

/** An order as a write answered it, in every page that shows it. */
export function replaceOrder(qc: QueryClient, order: AdminOrder): void {
  qc.setQueriesData<AdminOrder[]>({ queryKey: PAGES_KEY }, (list) => list?.map((o) => (o.id === order.id ? order : o)));
}
