import type { AdminOrder } from '#shared/admin.ts';
import { pagedListQuery, usePagedList } from '../../lib/paged-list.ts';
import { ORDERS_KEY } from '../../orders/api/get-orders.ts';

/** GET /api/admin/customers/orders: the orders counted for this e-mail (matched whole, any case), newest first. */
export const customerOrdersUrl = (email: string) => `/api/admin/customers/orders?email=${encodeURIComponent(email)}`;

/** The pages loaded so far of a customer's orders, a page at a time; refreshed with the orders when one changes. */
export const customerOrdersQuery = (email: string) =>
  pagedListQuery<AdminOrder[]>([...ORDERS_KEY, 'customer-orders'], customerOrdersUrl(email));

export const useCustomerOrders = (email: string) =>
  usePagedList(
    customerOrdersQuery(email),
    (page) => page,
    (o) => o.id,
  );
