import type { Customer } from '#shared/customers.ts';
import { pagedListQuery } from '../../lib/paged-list.ts';
import { ORDERS_KEY } from '../../orders/api/get-orders.ts';

/** GET /api/admin/customers: the first page of a search, or of every customer. */
export const customersUrl = (q: string) => (q ? `/api/admin/customers?q=${encodeURIComponent(q)}` : '/api/admin/customers');

/**
 * The pages loaded so far of a search: the first, then one per "Load more customers" (each the Link
 * of the one before). Kept under the orders' key: a status change, which can change a customer's
 * figures, refreshes them too.
 */
export const customersQuery = (q: string) => pagedListQuery<Customer[]>([...ORDERS_KEY, 'customers'], customersUrl(q));
