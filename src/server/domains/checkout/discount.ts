import type { CheckoutOrder } from '#shared/checkout.ts';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import { formatUsd } from '#shared/money.ts';
import type { Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';
import { MIN_PAYMENT_CENTS, priceCheckout } from './pricing.ts';

/**
 * A discount code on an open checkout (docs/decisions/0040): the code's use taken and the order's
 * totals priced again in one transaction (the order locked), then the payment's amount changed at
 * the provider; when the provider cannot change it, the order is put back as it was, so the amount
 * the shopper pays is always the order's total.
 */
export function createCheckoutDiscounts(d: CheckoutDeps) {
  const { db, orders, payments, discounts } = d;

  /** The open checkout of this payment id and session, locked, or 409 when it can no longer change. */
  async function lockOpen(tx: Tx, id: number): Promise<Order> {
    const order = await orders.lock(tx, id);
    if (!order || order.paidAt || order.paymentIssue || order.status !== 'pending') {
      throw new AppError('conflict', 'This order is paid already: its discount can no longer change');
    }
    if (!orders.isOpen(order)) throw new AppError('conflict', CHECKOUT_EXPIRED);
    return order;
  }

  /** Prices the order's lines again with this discount (and the shipping it then costs). */
  async function reprice(tx: Tx, order: Order, discountCents: number) {
    const lines = (await orders.items(tx, order.id)).map((l) => ({
      productId: l.productId,
      priceCents: l.unitPriceCents,
      quantity: l.quantity,
    }));
    return { lines, totals: priceCheckout(lines, d.shipping(), discountCents) };
  }

  /** Tells the provider the order's new total; on failure the change is undone and the shopper told to try again. */
  async function charge(order: Order, totalCents: number, undo: () => Promise<void>): Promise<void> {
    if (!order.paymentIntentId) return;
    try {
      await payments.updateAmount(order.paymentIntentId, totalCents);
    } catch (err) {
      d.log.error({ err, orderId: order.id }, 'payment amount not changed; the discount change is undone');
      await undo();
      throw new AppError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
    }
  }

  /** The code's use taken for the (locked) order and its totals priced with it; 409 with the shopper's message when it cannot be. */
  async function put(tx: Tx, order: Order, code: string): Promise<Order> {
    const { lines } = await reprice(tx, order, 0);
    const use = await discounts.reserve(tx, { code, orderId: order.id, email: order.email, lines });
    const { totals } = await reprice(tx, order, use.amountCents);
    if (totals.totalCents < MIN_PAYMENT_CENTS) {
      throw new AppError(
        'conflict',
        `With this code the total would be below ${formatUsd(MIN_PAYMENT_CENTS)}, the least a card payment can be.`,
      );
    }
    return orders.setDiscount(tx, order, { code: use.code, ...totals });
  }

  return {
    /**
     * A new checkout of a session replaces its open ones: their codes' uses are given back, and the
     * newest one's code goes on the new checkout when it still applies (else it is left off, and the
     * shopper may enter it again to read why). In the caller's transaction, before the payment exists.
     */
    async carryOver(tx: Tx, sessionId: string, created: Order): Promise<Order> {
      let code: string | null = null;
      for (const previous of await orders.discountedOfSession(tx, sessionId)) {
        if (previous.id === created.id) continue;
        code ??= previous.discountCode;
        await discounts.release(tx, previous.id);
      }
      if (!code) return created;
      try {
        return await tx.transaction((inner) => put(inner, created, code));
      } catch (err) {
        if (err instanceof AppError && err.code === 'conflict') return created;
        throw err;
      }
    },

    /** POST /api/checkout/:paymentIntentId/discount: the code on this checkout (in place of another). */
    async apply(paymentIntentId: string, sessionId: string | undefined, code: string, network: string): Promise<CheckoutOrder> {
      await discounts.countTry(network);
      const found = await orders.ownOrder(paymentIntentId, sessionId);
      const before = {
        code: found.discountCode,
        discountCents: found.discountCents,
        shippingCents: found.shippingCents,
        totalCents: found.totalCents,
      };
      const updated = await db.transaction(async (tx) => {
        const order = await lockOpen(tx, found.id);
        await discounts.release(tx, order.id);
        return put(tx, order, code);
      });
      await charge(updated, updated.totalCents, () =>
        db.transaction(async (tx) => {
          const order = await orders.lock(tx, updated.id);
          if (!order) return;
          await discounts.release(tx, order.id);
          await orders.setDiscount(tx, order, before);
        }),
      );
      return orders.checkoutView(updated);
    },

    /** DELETE /api/checkout/:paymentIntentId/discount: the code off this checkout, its use given back. */
    async remove(paymentIntentId: string, sessionId: string | undefined): Promise<CheckoutOrder> {
      const found = await orders.ownOrder(paymentIntentId, sessionId);
      if (!found.discountCode) return orders.checkoutView(found);
      // The provider first: the order keeps its discount unless the new amount is in place.
      const { totals } = await db.transaction(async (tx) => reprice(tx, await lockOpen(tx, found.id), 0));
      if (found.paymentIntentId) {
        await payments.updateAmount(found.paymentIntentId, totals.totalCents).catch((err: unknown) => {
          d.log.error({ err, orderId: found.id }, 'payment amount not changed; the discount stays');
          throw new AppError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
        });
      }
      const updated = await db.transaction(async (tx) => {
        const order = await lockOpen(tx, found.id);
        await discounts.release(tx, order.id);
        return orders.setDiscount(tx, order, { code: null, ...totals });
      });
      return orders.checkoutView(updated);
    },
  };
}

export type CheckoutDiscounts = ReturnType<typeof createCheckoutDiscounts>;
