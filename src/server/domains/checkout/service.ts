import { createCompletion } from './complete.ts';
import type { CheckoutDeps } from './deps.ts';
import { createOrderHolds } from './order-holds.ts';
import { createCheckoutStart } from './start.ts';
import { createExpirySweep } from './sweep.ts';

export type { CompleteResult } from './complete.ts';
export type { CheckoutDeps } from './deps.ts';
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Checkout (DESIGN §4, §6; docs/decisions/0009, 0019): the one place where cart, catalog, orders
 * and payments meet. It takes a cart to a paid order: stock held while the checkout page is open,
 * the payment asked of the provider outside any transaction, completion idempotent. Each step is a
 * file of this folder; what a domain stores is changed only through that domain's service.
 */
export function createCheckoutService(d: CheckoutDeps) {
  const holds = createOrderHolds(d);
  const { startCheckout, renewHold } = createCheckoutStart(d, holds);
  const { completePayment, completeForBuyer, reconcilePaid } = createCompletion(d);
  const sweepExpired = createExpirySweep(d, holds, completePayment);

  return {
    /** POST /api/checkout: an order from the cart, its stock held, and a payment. */
    startCheckout,
    /** POST /api/checkout/:id/hold: the open checkout page keeps (or takes again) its hold. */
    renewHold,
    /** The provider says a payment succeeded (browser, test card form, webhook): its order is paid, once. */
    completePayment,
    /** POST /api/orders/complete: completePayment for the buyer's own checkout only. */
    completeForBuyer,
    /** Every minute (sweeps.ts): lapsed holds go back to the shelf, ended checkouts close. */
    sweepExpired,
    /** At start (main.ts): payments that succeeded while no instance completed their order. */
    reconcilePaid,
  };
}
