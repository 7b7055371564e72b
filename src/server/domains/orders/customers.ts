import type { AdminOrder } from '#shared/admin.ts';
import {
  type Customer,
  type CustomerOrdersQuery,
  type CustomersExportQuery,
  type CustomersQuery,
  encodeCustomersCursor,
} from '#shared/customers.ts';
import { formatCents } from '#shared/money.ts';
import type { Database } from '#db/client.ts';
import { csvLine, csvLines } from '../../lib/csv.ts';
import * as repo from './customers-repo.ts';
import { toAdminOrder } from './views.ts';

export type CustomersService = ReturnType<typeof createCustomersService>;

const EXPORT_BATCH = 500;
const EXPORT_COLUMNS = [
  'Email',
  'Name',
  'Orders',
  'Total spent',
  'First order (UTC)',
  'Last order (UTC)',
  'Test orders',
  'News and offers',
];

function toCustomer(r: repo.CustomerRow): Customer {
  return {
    email: r.email,
    name: [r.firstName, r.lastName].filter(Boolean).join(' '),
    orders: r.orders,
    testOrders: r.testOrders,
    totalSpent: formatCents(r.totalCents),
    firstOrderAt: r.firstOrderAt.toISOString(),
    lastOrderAt: r.lastOrderAt.toISOString(),
    marketingConsent: r.marketingConsent,
  };
}

/**
 * The owner's customers (docs/decisions/0028), read from the orders this domain owns: the list, its
 * CSV and one customer's orders.
 */
export function createCustomersService(db: Database) {
  return {
    /** GET /api/admin/customers: a page, and the cursor of the next one when more follow. */
    async list(query: CustomersQuery): Promise<{ customers: Customer[]; next: string | null }> {
      const rows = await repo.selectCustomers(db, { q: query.q, limit: query.limit + 1, cursor: query.cursor });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        customers: page.map(toCustomer),
        next: rows.length > query.limit && last ? encodeCustomersCursor(last.latest) : null,
      };
    },

    /**
     * GET /api/admin/customers/export.csv: the same customers as CSV lines, header first, read a
     * batch at a time so any number of them streams in flat memory.
     */
    async *exportCsv(query: CustomersExportQuery): AsyncGenerator<string> {
      yield csvLine(EXPORT_COLUMNS);
      let cursor: repo.CustomerRow['latest'] | undefined;
      for (;;) {
        const batch = await repo.selectCustomers(db, { q: query.q, limit: EXPORT_BATCH, cursor });
        if (batch.length > 0) {
          yield csvLines(
            batch.map((r) => {
              const c = toCustomer(r);
              return [
                c.email,
                c.name,
                c.orders,
                c.totalSpent,
                c.firstOrderAt,
                c.lastOrderAt,
                c.testOrders,
                c.marketingConsent ? 'yes' : 'no',
              ];
            }),
          );
        }
        const last = batch.at(-1);
        if (!last || batch.length < EXPORT_BATCH) return;
        cursor = last.latest;
      }
    },

    /** GET /api/admin/customers/orders: the orders counted in one customer's figures, newest first. */
    async orders(query: CustomerOrdersQuery): Promise<{ orders: AdminOrder[]; next: number | null }> {
      const rows = await repo.selectCustomerOrders(db, query.email, { limit: query.limit + 1, cursor: query.cursor });
      const page = rows.slice(0, query.limit).map(({ order, items }) => toAdminOrder(order, items));
      return { orders: page, next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },
  };
}
