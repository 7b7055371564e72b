import { formatCents } from '#shared/money.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';
import type { OpenCheckout } from './open-checkout.ts';
import { subscriptionTermsOf } from './subscription-lines.ts';
import type { CheckoutTax } from './tax.ts';

export type CompleteResult =
  | { state: 'paid'; order: Order }
  | { state: 'unpaid'; paymentStatus: string; message: string | null }
  | { state: 'flagged'; order: Order };

/**
 * Completion (docs/decisions/0009): an order becomes paid only when the provider says its payment
 * succeeded for the order's total, and completion is idempotent whoever calls it (browser, webhook,
 * sweeper, reconciliation) and however often.
 */
export function createCompletion(d: CheckoutDeps, open: Pick<OpenCheckout, 'own'>, tax: Pick<CheckoutTax, 'recordPaid'>) {
  const { db, cart, catalog, orders, payments } = d;

  async function complete(found: Order, paymentIntentId: string): Promise<CompleteResult> {
    if (found.status !== 'pending') {
      await orders.sendConfirmation(found.id); // a no-op when it was sent
      return { state: 'paid', order: found };
    }
    if (found.paymentIssue) return { state: 'flagged', order: found };

    const payment = await payments.retrieve(paymentIntentId);
    if (!payment) throw notFound('Order');
    if (payment.status !== 'succeeded') return { state: 'unpaid', paymentStatus: payment.status, message: payment.lastError };

    let markedPaid = false;
    const outcome = await db.transaction(async (tx): Promise<CompleteResult> => {
      const order = await orders.lock(tx, found.id); // one completion at a time per order
      if (!order) throw notFound('Order');
      if (order.status !== 'pending') return { state: 'paid', order };
      if (order.paymentIssue) return { state: 'flagged', order };
      const flag = async (issue: string): Promise<CompleteResult> => {
        d.log.warn({ orderId: order.id, issue }, 'payment flagged');
        return { state: 'flagged', order: await orders.flag(tx, order, issue) };
      };
      if (payment.amountCents !== order.totalCents || payment.currency.toLowerCase() !== order.currency) {
        return flag(
          `Paid ${formatCents(payment.amountCents)} ${payment.currency.toUpperCase()} for a total of ${formatCents(order.totalCents)} USD`,
        );
      }
      // Confirmation waits for the shipping step (keep-open.ts); a payment that went through
      // without it anyway (made in the provider's dashboard, say) is the owner's to settle.
      if (!order.email || !order.shippingAddress) return flag('Paid before its shipping details were saved');
      // A discounted total is paid with the code's use the checkout holds, spent now; without it (a
      // newer checkout of the cart took the code, or the checkout ended) the owner decides.
      if (order.discountCode && !(await d.discounts.redeem(tx, order))) {
        return flag(`Paid with code ${order.discountCode}, whose use this checkout no longer held`);
      }
      if (order.stockReleasedAt) {
        // Paid while holding nothing (never held, lapsed, or replaced by a newer checkout): take the stock now.
        try {
          await tx.transaction(async (inner) => {
            await catalog.holds.sell(inner, order.id, await orders.items(inner, order.id));
          });
        } catch (err) {
          if (err instanceof AppError && err.code === 'conflict')
            return flag(`Paid while its items were not held: ${err.message}`);
          throw err;
        }
      } else {
        await catalog.holds.commit(tx, order.id);
      }
      // Subscribe and save (docs/decisions/0052): the subscription its lines chose, once, with the card its payment saved.
      const paidAt = new Date();
      const items = await orders.items(tx, order.id);
      const started = await d.subscriptions.startFromOrder(tx, order, items, payment.saved ?? null, paidAt);
      const terms = started ? subscriptionTermsOf(items) : null;
      const subscription = started && terms ? { terms: terms.terms, url: started.link } : null;
      const paid = await orders.markPaid(tx, order, payment.methodKind, { paidAt, subscription });
      markedPaid = true;
      await cart.clearInTransaction(tx, order.sessionId);
      return { state: 'paid', order: paid };
    });
    if (outcome.state === 'paid') {
      await catalog.catalogChanged();
      orders.deliverMail();
      // The completion that made it paid records its tax with the provider (the sweep retries a failure).
      if (markedPaid) await tax.recordPaid(outcome.order);
    }
    return outcome;
  }

  /**
   * Marks the order of a payment paid once the provider says the payment succeeded for the
   * order's total. Any number of concurrent calls: one paid order, one e-mail, the cart emptied.
   */
  async function completePayment(paymentIntentId: string): Promise<CompleteResult> {
    const found = await orders.byPaymentId(paymentIntentId);
    if (!found) throw notFound('Order');
    return complete(found, paymentIntentId);
  }

  return {
    completePayment,

    /** POST /api/orders/complete: as completePayment, and "not found" for another session's order. */
    async completeForBuyer(paymentIntentId: string, sessionId: string | undefined): Promise<CompleteResult> {
      return complete(await open.own(paymentIntentId, sessionId), paymentIntentId);
    },

    /**
     * After a crash (or at any start): recent pending orders whose payment is known to have
     * succeeded are completed now, so no paid payment is left without its order. Returns how many.
     */
    async reconcilePaid(): Promise<number> {
      const succeeded = await payments.succeededAmong(await orders.recentPendingPaymentIds());
      let completed = 0;
      for (const id of succeeded) {
        const r = await completePayment(id).catch(async (err: unknown) => {
          // The order, not its payment id: that is a key to the buyer's checkout.
          const orderId = (await orders.byPaymentId(id).catch(() => undefined))?.id;
          d.log.error({ err, orderId }, 'reconciliation failed; it is tried again at the next start');
          return null;
        });
        if (r?.state === 'paid') completed += 1;
      }
      return completed;
    },
  };
}
