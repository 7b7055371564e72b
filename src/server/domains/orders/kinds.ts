import type { OrderKind } from './kinds-repo.ts';

export type { OrderKind } from './kinds-repo.ts';

/** Money came in: every status after payment, and a cancelled order only when it had been paid. */
export const paid = (k: OrderKind) => k.status !== 'pending' && (k.status !== 'cancelled' || k.hasPaid);
/** Orders of a kind whose real money came in (live payments), and those paid with test payments. */
export const paidLive = (k: OrderKind) => paid(k) && k.paymentMode === 'live';
export const paidTest = (k: OrderKind) => paid(k) && k.paymentMode === 'test';

/**
 * Which kinds of order each of the dashboard's lists holds, for its count in the summary. The lists
 * themselves are the same rules in SQL (repo.ts: LISTED, PENDING_LISTED, EXPIRED);
 * tests/integration/orders-list.test.ts holds the two to each other over every kind of order.
 */
export const LISTS = {
  /** Every paid order and every payment problem. */
  all: (k: OrderKind) => k.status !== 'pending' || k.hasIssue || k.hasPaid,
  /** The problems, and the open checkouts that reached the payment step. */
  pending: (k: OrderKind) => k.status === 'pending' && (k.hasIssue || k.hasPaid || (k.hasEmail && !k.hasExpired)),
  'payment-problem': (k: OrderKind) => k.hasIssue,
  /** Checkouts that reached the payment step and closed unpaid. */
  expired: (k: OrderKind) => k.status === 'pending' && k.hasExpired && k.hasEmail && !k.hasPaid && !k.hasIssue,
};
