import { queryOptions, useQueries } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import { apiPage } from '../../lib/api-page.ts';
import { ORDERS_KEY } from '../../orders/api/get-orders.ts';

/** GET /api/admin/customers/orders: the orders counted for this e-mail (matched whole, any case), newest first. */
export const customerOrdersUrl = (email: string) => `/api/admin/customers/orders?email=${encodeURIComponent(email)}`;

export const getCustomerOrdersPage = (url: string) => apiPage<AdminOrder[]>(url);

/** One page of a customer's orders, by its address; refreshed with the orders when one changes. */
export const customerOrdersPageQuery = (url: string) =>
  queryOptions({ queryKey: [...ORDERS_KEY, 'customer-orders', url] as const, queryFn: () => getCustomerOrdersPage(url) });

/** The pages asked for so far: the first, then one per "Load more orders". */
export const useCustomerOrdersPages = (urls: readonly string[]) =>
  useQueries({ queries: urls.map((url) => customerOrdersPageQuery(url)) });
