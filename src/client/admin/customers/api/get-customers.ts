import type { Customer } from '#shared/customers.ts';
import { pagedListQuery, usePagedList } from '../../lib/paged-list.ts';
import { ORDERS_KEY } from '../../orders/api/get-orders.ts';

/** GET /api/admin/customers: the first page of a search, or of every customer. */
export const customersUrl = (q: string) => (q ? `/api/admin/customers?q=${encodeURIComponent(q)}` : '/api/admin/customers');

/**
 * The pages loaded so far of a search: the first, then one per "Load more customers" (each the Link
 * of the one before). Kept under the orders' key: a status change, which can change a customer's
 * figures, refreshes them too.
 */
export const customersQuery = (q: string) => pagedListQuery<Customer[]>([...ORDERS_KEY, 'customers'], customersUrl(q));

/**
 * A search's customers, each once: one who orders again while pages load moves to the top, and is
 * not shown twice. The pages stay in the cache while the owner looks at an order in the Orders tab.
 */
export const useCustomers = (q: string) =>
  usePagedList(
    customersQuery(q),
    (page) => page,
    (c) => c.email,
  );
