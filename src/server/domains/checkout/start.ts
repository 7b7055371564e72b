import type { CheckoutStarted } from '#shared/checkout.ts';
import { AppError } from '../../errors.ts';
import type { CheckoutDeps } from './deps.ts';
import type { CheckoutDiscounts } from './discount.ts';
import type { OrderHolds } from './order-holds.ts';
import { priceCheckout } from './pricing.ts';
import { pricedCartLines } from './subscription-lines.ts';

/** Starting a checkout: an order from the cart, its stock held, a code carried over, and a payment. */
export function createCheckoutStart(d: CheckoutDeps, holds: OrderHolds, discount: CheckoutDiscounts) {
  const { db, cart, catalog, orders, payments } = d;

  return {
    /**
     * POST /api/checkout: an order from the cart at database prices, its stock held for a few
     * minutes (unless its address holds too much already), and a payment.
     */
    async startCheckout(
      sessionId: string,
      from: { holder: string; analyticsSessionId?: string | undefined },
    ): Promise<CheckoutStarted> {
      const carried = await db.transaction(async (tx) => {
        // A new checkout from the same cart replaces the previous ones: their holds, and their codes' uses (below).
        const replaced = await orders.replaceableOfSession(tx, sessionId);
        for (const previous of replaced) {
          if (!previous.stockReleasedAt) await holds.release(tx, previous, 'checkout_replaced');
        }
        // Prices from the database only: a subscription line's less its discount (docs/decisions/0052).
        const lines = pricedCartLines(await cart.cartLines(tx, sessionId));
        if (lines.length === 0) throw new AppError('bad_request', 'Your cart is empty');
        const gone = lines.find((l) => !l.isActive);
        if (gone) throw new AppError('conflict', `${gone.name} is no longer available; remove it from your cart`);
        const offer = d.shipping();
        const totals = priceCheckout(lines, offer);
        // Sold out: refused before anything is written (a burst of shoppers for the last units
        // costs the database a read each); the hold below still decides atomically.
        const short = await catalog.holds.shortfall(tx, lines);
        if (short) throw short;
        const created = await orders.open(
          tx,
          {
            sessionId,
            ...totals,
            // The offer stays the checkout's, whatever the owner sets meanwhile (docs/decisions/0039).
            shippingRateCents: offer.rateCents,
            freeShippingOverCents: offer.freeOverCents,
            expiresAt: new Date(Date.now() + d.pendingOrderTtlMinutes * 60_000),
            paymentMode: payments.mode,
            analyticsSessionId: from.analyticsSessionId ?? null,
          },
          lines.map((l) => ({
            productId: l.productId,
            name: l.name,
            unitPriceCents: l.priceCents,
            quantity: l.quantity,
            subscriptionIntervalWeeks: l.subscriptionIntervalWeeks,
            subscriptionDiscountPercent: l.subscriptionDiscountPercent,
          })),
        );
        await holds.take(tx, created, from.holder, lines);
        const discounted = replaced.filter((o) => o.discountCode && !o.expiredAt);
        const subscribes = lines.some((l) => l.subscriptionIntervalWeeks !== null);
        return { ...(await discount.carryOver(tx, discounted, created, from.holder)), subscribes };
      });
      await catalog.catalogChanged();
      // The checkouts whose code moved here can no longer be paid at their discounted total.
      for (const id of carried.cancel) await payments.cancel(id).catch(() => {});
      const order = carried.order;

      // The provider is called outside the transaction (docs/house.md rule 2).
      let payment: { id: string; clientSecret: string };
      try {
        // Unique per order even across databases that reuse order numbers (a reset test store).
        payment = await payments.createForOrder(
          order.id,
          order.totalCents,
          `order-${order.id}-${order.createdAt.getTime()}`,
          // A subscription's first order keeps its card for the renewals (docs/decisions/0052). The
          // shopper's e-mail and name come with the shipping step, after this.
          carried.subscribes ? { email: '', name: '' } : undefined,
        );
      } catch (err) {
        d.log.error({ err, orderId: order.id }, 'payment creation failed; releasing the stock');
        await db.transaction(async (tx) => {
          const locked = await orders.lock(tx, order.id);
          if (locked) {
            await holds.release(tx, locked);
            await orders.close(tx, order.id);
            await d.discounts.release(tx, order.id);
          }
        });
        await catalog.catalogChanged();
        throw new AppError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
      }
      await orders.attachPayment(order.id, payment.id);
      return { checkoutUrl: `/checkout?payment_intent=${encodeURIComponent(payment.clientSecret)}` };
    },
  };
}
