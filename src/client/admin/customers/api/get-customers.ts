import { keepPreviousData, queryOptions, useQueries } from '@tanstack/react-query';
import type { Customer } from '#shared/customers.ts';
import { apiPage } from '../../lib/api-page.ts';
import { ORDERS_KEY } from '../../orders/api/get-orders.ts';

/** GET /api/admin/customers: the first page of a search, or of every customer. */
export const customersUrl = (q: string) => (q ? `/api/admin/customers?q=${encodeURIComponent(q)}` : '/api/admin/customers');

/** One page of customers, and the next page's address (the server's Link header) when more follow. */
export const getCustomersPage = (url: string) => apiPage<Customer[]>(url);

/**
 * One page, by its address. Kept under the orders' key: a status change, which can change a
 * customer's figures, refreshes the pages too.
 */
export const customersPageQuery = (url: string, first: boolean) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'customers', url] as const,
    queryFn: () => getCustomersPage(url),
    // A new search keeps the list on screen until its answer comes (no flash of "Loading").
    placeholderData: first ? keepPreviousData : undefined,
  });

/** The pages asked for so far: the first, then one per "Load more customers" (each the Link of the one before). */
export const useCustomersPages = (urls: readonly string[]) =>
  useQueries({ queries: urls.map((url, i) => customersPageQuery(url, i === 0)) });
