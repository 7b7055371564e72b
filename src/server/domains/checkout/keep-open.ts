import { ageAgainMessage } from '#shared/checkout.ts';
import { CHECKOUT_EXPIRED, SHIPPING_FIRST } from '#shared/messages.ts';
import { formatUsd } from '#shared/money.ts';
import type { Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';
import type { CheckoutDiscounts } from './discount.ts';
import type { OrderHolds } from './order-holds.ts';
import type { CheckoutTax } from './tax.ts';

/**
 * What an open checkout page keeps while it is in use (docs/decisions/0019, 0040): its stock hold
 * and its code's use, renewed every minute and once more before paying, or taken again after they
 * lapsed. Paying also needs the shipping step saved: the payment is confirmed only after this
 * check, by the server (the test card form's call, Stripe's server-side confirmation), so no order
 * is paid without an address to ship to or at a price it no longer holds a code's use for.
 */
export function createKeepOpen(d: CheckoutDeps, holds: OrderHolds, discount: CheckoutDiscounts, tax: CheckoutTax) {
  const { db, catalog, orders } = d;

  /** The stock hold and code use of the (locked, open) order kept; `taken`: the stock was held again. */
  async function keep(tx: Tx, locked: Order, holder: string) {
    let taken = false;
    if (locked.stockReleasedAt || !(await catalog.holds.renew(tx, locked.id, holds.holdUntil(locked)))) {
      taken = await holds.take(tx, locked, holder, await orders.items(tx, locked.id));
    }
    const fresh = taken ? ((await orders.byId(locked.id, tx)) ?? locked) : locked;
    const kept = await discount.keep(tx, fresh);
    return { ...kept, taken, repriced: kept.order.totalCents !== locked.totalCents };
  }

  /** After the transaction: the catalog told of a new hold, the payment told of a new total. */
  async function settle(kept: { order: Order; taken: boolean; repriced: boolean }): Promise<boolean> {
    if (kept.taken) await catalog.catalogChanged();
    return !kept.repriced || discount.charge(kept.order);
  }

  return {
    /**
     * POST /api/checkout/:id/hold, sent by the checkout page every minute while it is open and
     * before paying. 409 when the checkout has closed or the shelf can no longer cover it.
     */
    async renewHold(found: Order, holder: string): Promise<Order> {
      if (found.status !== 'pending' || found.paymentIssue) return found;
      if (!orders.isOpen(found)) throw new AppError('conflict', CHECKOUT_EXPIRED);
      const kept = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, found.id);
        if (!locked || !orders.isOpen(locked)) throw new AppError('conflict', CHECKOUT_EXPIRED);
        return keep(tx, locked, holder);
      });
      // A payment whose amount could not follow is brought in line before paying (readyToPay), and so is its tax.
      await settle(kept);
      return tax.ensure(kept.order).catch(() => kept.order);
    },

    /**
     * Before the provider is asked to confirm a payment: the checkout is open, its shipping step is
     * saved, its hold and code's use are kept, and the payment asks for its total. 409 with what
     * the shopper reads otherwise (a code that could not be kept comes off: "… Your total is now
     * $22.90."); an order paid already passes (the provider answers for it).
     */
    async readyToPay(paymentIntentId: string, holder: string): Promise<Order> {
      const found = await orders.byPaymentId(paymentIntentId);
      if (!found) throw notFound('Order');
      if (found.status !== 'pending' || found.paidAt || found.paymentIssue) return found;
      const kept = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, found.id);
        if (!locked) throw notFound('Order');
        if (locked.status !== 'pending' || locked.paidAt || locked.paymentIssue) {
          return { order: locked, refused: null, taken: false, repriced: false };
        }
        if (!orders.isOpen(locked)) throw new AppError('conflict', CHECKOUT_EXPIRED);
        if (!locked.email || !locked.shippingAddress) throw new AppError('conflict', SHIPPING_FIRST);
        // The age the store asks now, confirmed by the shipping step saved (docs/decisions/0048): a
        // step saved before the gate was on, or at 18 when it is 21 now, is asked again.
        const minimumAge = d.minimumAge();
        if (minimumAge !== null && (locked.ageConfirmed ?? 0) < minimumAge) {
          throw new AppError('conflict', ageAgainMessage(minimumAge));
        }
        const kept = await keep(tx, locked, holder);
        // The address the shipping step saved is the one the code's use is for.
        if (kept.order.discountCode) await d.discounts.bindEmail(tx, kept.order.id, locked.email);
        return kept;
      });
      if (!(await settle(kept))) {
        throw new AppError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
      }
      // No payment without the tax of what it pays for: worked out again when the order changed (docs/decisions/0047).
      const taxed = kept.order.status === 'pending' && !kept.order.paidAt ? await tax.ensure(kept.order) : kept.order;
      if (kept.refused) {
        throw new AppError('conflict', `${kept.refused} Your total is now ${formatUsd(taxed.totalCents)}.`);
      }
      return taxed;
    },
  };
}

export type KeepOpen = ReturnType<typeof createKeepOpen>;
