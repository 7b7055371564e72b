import { z } from 'zod';
import type { OrderStatus } from './admin.ts';
import { idParam, requiredLine, singleLine } from './validation.ts';

/**
 * The owner's customers (docs/decisions/0028): the store has no accounts, so a customer is the
 * e-mail address of orders whose payment succeeded, compared without regard to case.
 */

/**
 * The statuses of the orders that make a customer and count in their figures: the one list the
 * customers' SQL, export and screens use. A status added to the store that means "paid once"
 * belongs here too.
 */
export const CUSTOMER_ORDER_STATUSES = ['paid', 'shipped', 'delivered', 'refunded'] as const satisfies readonly OrderStatus[];

export const CUSTOMERS_PAGE_DEFAULT = 50;
export const CUSTOMERS_PAGE_MAX = 200;
export const CUSTOMER_ORDERS_PAGE_DEFAULT = 50;

const search = singleLine(200, 'The search is too long (at most 200 characters)');
const pageSize = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** Where a page of customers starts: below this customer's latest order (its time in microseconds, and its id). */
export interface CustomersCursor {
  micros: bigint;
  orderId: number;
}

const BAD_CURSOR = 'cursor is not a page of this list: follow the Link header';
const CURSOR_TEXT = /^(\d{1,16})\.(\d{1,10})$/;

/** The cursor as the server hands it out: opaque to callers (base64url of "<micros>.<order id>"). */
export function encodeCustomersCursor(c: CustomersCursor): string {
  return btoa(`${c.micros}.${c.orderId}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function decodeCustomersCursor(text: string): CustomersCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(text)) return undefined;
  let plain: string;
  try {
    plain = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
  const m = CURSOR_TEXT.exec(plain);
  const orderId = Number(m?.[2]);
  if (!m?.[1] || !Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return undefined;
  return { micros: BigInt(m[1]), orderId };
}

const customersCursor = z.string({ error: BAD_CURSOR }).transform((v, ctx) => {
  const cursor = decodeCustomersCursor(v);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
    return z.NEVER;
  }
  return cursor;
});

/**
 * GET /api/admin/customers: customers, the one who ordered last first, a page at a time (the next
 * page's address in the `Link` header). `q` searches the e-mail and the name, in any case.
 */
export const CustomersQuerySchema = z.object({
  q: search.optional(),
  limit: pageSize(CUSTOMERS_PAGE_MAX, CUSTOMERS_PAGE_DEFAULT),
  cursor: customersCursor.optional(),
});
export type CustomersQuery = z.output<typeof CustomersQuerySchema>;

/** GET /api/admin/customers/export.csv: every customer the same search finds, in the list's order. */
export const CustomersExportQuerySchema = z.object({ q: search.optional() });
export type CustomersExportQuery = z.output<typeof CustomersExportQuerySchema>;

/**
 * GET /api/admin/customers/orders: one customer's orders, those counted in their figures, newest
 * first; the next page in `Link`. The e-mail is matched exactly, in any case.
 */
export const CustomerOrdersQuerySchema = z.object({
  email: requiredLine(254, 'email is too long (at most 254 characters)').refine(
    (v) => v.includes('@'),
    'email must be an e-mail address',
  ),
  limit: pageSize(CUSTOMERS_PAGE_MAX, CUSTOMER_ORDERS_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type CustomerOrdersQuery = z.output<typeof CustomerOrdersQuerySchema>;

/** A customer as the dashboard lists them. */
export interface Customer {
  /** Lower case: the address their orders share. */
  email: string;
  /** The name on their latest order ('' when it has none). */
  name: string;
  /** Their orders whose payment succeeded (CUSTOMER_ORDER_STATUSES), test orders included. */
  orders: number;
  /** How many of those were paid with test payments (no money taken). */
  testOrders: number;
  /** The sum of those orders' totals, a decimal string. */
  totalSpent: string;
  /** When their first and latest of those orders were placed (ISO 8601). */
  firstOrderAt: string;
  lastOrderAt: string;
  /** Whether their latest order's shipping step ticked "E-mail me news and offers" (docs/decisions/0049). */
  marketingConsent: boolean;
}
