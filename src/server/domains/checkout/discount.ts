import type { CheckoutOrder } from '#shared/checkout.ts';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import { formatUsd } from '#shared/money.ts';
import type { Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';
import type { OpenCheckout } from './open-checkout.ts';
import type { OrderHolds } from './order-holds.ts';
import { MIN_PAYMENT_CENTS, priceCheckout } from './pricing.ts';
import type { CheckoutTax } from './tax.ts';

const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a moment.';
const NO_SHARES: ReadonlyMap<number, number> = new Map();

/**
 * A discount code on an open checkout (docs/decisions/0040): the code's use taken and the order's
 * totals priced again in one transaction (the order locked), then the payment's amount changed at
 * the provider; when the provider cannot change it, the order is put back as it was. A paid order
 * must hold its code's use (completion flags it otherwise), so no path gives a discount twice.
 */
export function createCheckoutDiscounts(
  d: CheckoutDeps,
  holds: Pick<OrderHolds, 'holdUntil'>,
  open: OpenCheckout,
  tax: Pick<CheckoutTax, 'ensure'>,
) {
  const { db, orders, payments, discounts } = d;

  /** The open checkout, locked, or 409 when it can no longer change. */
  async function lockOpen(tx: Tx, id: number): Promise<Order> {
    const order = await orders.lock(tx, id);
    if (!order || order.paidAt || order.paymentIssue || order.status !== 'pending') {
      throw new AppError('conflict', 'This order is paid already: its discount can no longer change');
    }
    if (!orders.isOpen(order)) throw new AppError('conflict', CHECKOUT_EXPIRED);
    return order;
  }

  /** The order's lines, as a code and the prices read them. */
  async function linesOf(tx: Tx, order: Order) {
    return (await orders.items(tx, order.id)).map((l) => ({
      productId: l.productId,
      priceCents: l.unitPriceCents,
      quantity: l.quantity,
    }));
  }

  /** The shipping offer the checkout started with (docs/decisions/0039); the store's own for an order from before it was kept. */
  const offerOf = (order: Order) =>
    order.shippingRateCents === null
      ? d.shipping()
      : { rateCents: order.shippingRateCents, freeOverCents: order.freeShippingOverCents };

  /** The code's use taken for the (locked) order and its totals priced with it; 409 with the shopper's message when it cannot be. */
  async function put(tx: Tx, order: Order, code: string): Promise<Order> {
    const lines = await linesOf(tx, order);
    const use = await discounts.reserve(tx, {
      code,
      orderId: order.id,
      email: order.email,
      lines,
      heldUntil: holds.holdUntil(order),
    });
    const totals = priceCheckout(lines, offerOf(order), use.amountCents);
    if (totals.totalCents < MIN_PAYMENT_CENTS) {
      throw new AppError(
        'conflict',
        `With this code the total would be below ${formatUsd(MIN_PAYMENT_CENTS)}, the least a card payment can be.`,
      );
    }
    return orders.setDiscount(tx, order, { code: use.code, shares: use.shares, ...totals });
  }

  /** The (locked) order without a code: its use given back, its totals priced without one. */
  async function takeOff(tx: Tx, order: Order): Promise<Order> {
    await discounts.release(tx, order.id);
    const totals = priceCheckout(await linesOf(tx, order), offerOf(order), 0);
    return orders.setDiscount(tx, order, { code: null, shares: NO_SHARES, ...totals });
  }

  /** Asks the provider for the order's total; a refusal is logged and told to the shopper as a 503. */
  async function charge(order: Order): Promise<boolean> {
    try {
      if (order.paymentIntentId) await payments.updateAmount(order.paymentIntentId, order.totalCents);
      return true;
    } catch (err) {
      d.log.error({ err, orderId: order.id }, 'payment amount not changed');
      return false;
    }
  }

  return {
    /**
     * A new checkout of a session replaces its open ones (in the caller's transaction, before the
     * new payment exists): the older checkouts' codes' uses are given back and those checkouts
     * closed; the newest one's code goes on the new checkout when it still applies (else it is left
     * off, and the shopper may enter it again to read why). Answers the payment ids of the closed
     * checkouts, for the caller to cancel once the transaction is over.
     */
    async carryOver(
      tx: Tx,
      discounted: readonly Order[],
      created: Order,
      network: string,
    ): Promise<{ order: Order; cancel: string[] }> {
      for (const previous of discounted) {
        await discounts.release(tx, previous.id);
        await orders.close(tx, previous.id);
      }
      const cancel = discounted.flatMap((o) => (o.paymentIntentId ? [o.paymentIntentId] : []));
      const code = discounted[0]?.discountCode;
      if (!code) return { order: created, cancel };
      try {
        // Carrying a code is a try of it, as typing it is: a script starting checkout after
        // checkout cannot keep a code (and learn its state) past the network's tries.
        return {
          order: await tx.transaction(async (inner) => {
            await discounts.countTry(network, inner);
            return put(inner, created, code);
          }),
          cancel,
        };
      } catch (err) {
        if (err instanceof AppError && (err.code === 'conflict' || err.code === 'too_many_requests')) {
          return { order: created, cancel };
        }
        throw err;
      }
    },

    /**
     * The checkout's page is open (its renewal, or paying), in the caller's transaction with the
     * order locked: its code's use is kept a few minutes more, or taken again when the sweep gave
     * it back; when none can be taken the code comes off and the order is priced without it.
     * Answers the order and, when the code came off, what the shopper reads; the caller then
     * changes the payment's amount (`charge`).
     */
    async keep(tx: Tx, order: Order): Promise<{ order: Order; refused: string | null }> {
      if (!order.discountCode) return { order, refused: null };
      if (await discounts.renew(tx, order.id, holds.holdUntil(order))) return { order, refused: null };
      const code = order.discountCode;
      try {
        return { order: await tx.transaction((inner) => put(inner, order, code)), refused: null };
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'conflict')) throw err;
        return { order: await takeOff(tx, order), refused: err.message };
      }
    },

    /** Asks the provider for the order's total; false (logged) when it refuses. */
    charge,

    /** POST /api/checkout/:paymentIntentId/discount: the code on this checkout (in place of another). */
    async apply(paymentIntentId: string, sessionId: string | undefined, code: string, network: string): Promise<CheckoutOrder> {
      await discounts.countTry(network);
      const found = await open.own(paymentIntentId, sessionId);
      let before: string | null = null;
      const updated = await db.transaction(async (tx) => {
        const order = await lockOpen(tx, found.id);
        before = order.discountCode;
        await discounts.release(tx, order.id);
        return put(tx, order, code);
      });
      // With the shipping step saved, the discounted amounts' tax is worked out and the payment asked for it.
      if (d.tax.enabled && updated.shippingAddress) return open.view(await tax.ensure(updated));
      if (await charge(updated)) return open.view(updated);
      // The provider kept the amount it had: the order goes back to the code it had (its use taken
      // again), or to none. Should that no longer match the payment, completion flags it.
      const previous = before;
      await db.transaction(async (tx) => {
        const order = await lockOpen(tx, updated.id);
        const off = await takeOff(tx, order);
        if (previous) await tx.transaction((inner) => put(inner, off, previous)).catch(() => {});
      });
      throw new AppError('unavailable', PAYMENTS_UNAVAILABLE);
    },

    /** DELETE /api/checkout/:paymentIntentId/discount: the code off this checkout, its use given back. */
    async remove(paymentIntentId: string, sessionId: string | undefined): Promise<CheckoutOrder> {
      const found = await open.own(paymentIntentId, sessionId);
      if (!found.discountCode) return open.view(found);
      // The provider first: the order keeps its discount unless the new amount is in place.
      const total = await db.transaction(async (tx) => {
        const order = await lockOpen(tx, found.id);
        return priceCheckout(await linesOf(tx, order), offerOf(order), 0).totalCents;
      });
      if (!(await charge({ ...found, totalCents: total }))) throw new AppError('unavailable', PAYMENTS_UNAVAILABLE);
      const updated = await db.transaction(async (tx) => {
        const order = await lockOpen(tx, found.id);
        // Another code went on meanwhile: it stays, and the payment goes back to its total.
        if (order.discountCode !== found.discountCode) return order;
        return takeOff(tx, order);
      });
      if (d.tax.enabled && updated.shippingAddress) return open.view(await tax.ensure(updated));
      if (updated.totalCents !== total && !(await charge(updated))) {
        throw new AppError('unavailable', PAYMENTS_UNAVAILABLE);
      }
      return open.view(updated);
    },

    /**
     * POST /api/orders/shipping with a code on the checkout: the address is a try of the code (it
     * says whether that address used it), and a code allowed once per address is bound to it, in
     * the transaction that saves it (the order locked); 409 when that address used the code.
     */
    countTry: discounts.countTry,
    bindEmail: (tx: Tx, order: Order, email: string) => discounts.bindEmail(tx, order.id, email),
  };
}

export type CheckoutDiscounts = ReturnType<typeof createCheckoutDiscounts>;
