import type { CheckoutOrder } from '#shared/checkout.ts';
import { GROUND_ONLY_NOTE } from '#shared/ground-only.ts';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';
import { subscriptionTermsOf } from './subscription-lines.ts';
import { toCheckoutOrder } from './views.ts';

/** The confirmation page's answer: the checkout's view, when it was paid, and its order page. */
export type CheckoutConfirmation = CheckoutOrder & { paidAt: string | null; orderPage: string };

/**
 * The open checkout as its buyer sees it (docs/decisions/0009): whose it is, what its page shows,
 * whether its shipping details may still change, and the confirmation once it is paid. The order
 * rows are the orders domain's; checkout reads and changes them only through its service.
 */
export function createOpenCheckout(d: CheckoutDeps, isGroundOnly: (order: Order) => Promise<boolean>) {
  const { db, catalog, orders } = d;

  async function view(order: Order): Promise<CheckoutOrder> {
    const items = await orders.items(db, order.id);
    const hold = order.status === 'pending' && !order.stockReleasedAt ? await catalog.holds.holdOf(db, order.id) : undefined;
    const groundOnly = await isGroundOnly(order);
    const subscription = subscriptionTermsOf(items);
    return {
      ...toCheckoutOrder(order, items, hold, d.payments.providerName, await catalog.linePictures()),
      groundOnly,
      // Written by the server, so that the checkout's first load, at its budget, carries no more words.
      shippingLine: groundOnly ? `${GROUND_ONLY_NOTE} (3-5 business days)` : 'Shipping (Standard, 3-5 business days)',
      subscription: subscription ? { ...subscription, consented: order.subscriptionConsentAt !== null } : null,
    };
  }

  /**
   * The order behind a payment id. The id is unguessable and shown only to its buyer, so it is the
   * key to its checkout; a caller who also sends a session id must send the order's own. Otherwise:
   * "not found", revealing nothing.
   */
  async function own(paymentIntentId: string, sessionId: string | undefined): Promise<Order> {
    const order = await orders.byPaymentId(paymentIntentId);
    if (!order || (sessionId !== undefined && order.sessionId !== sessionId)) throw notFound('Order');
    return order;
  }

  return {
    own,
    view,

    /** GET /api/checkout/:paymentIntentId: the checkout page's order, its real items and total. */
    async forBuyer(paymentIntentId: string, sessionId: string | undefined): Promise<CheckoutOrder> {
      return view(await own(paymentIntentId, sessionId));
    },

    /** 409 when a checkout's shipping details can no longer change: paid (or set aside), or closed. */
    assertShippingOpen(o: Order): void {
      if (o.status !== 'pending' || o.paymentIssue) {
        throw new AppError('conflict', 'This order is already paid; its shipping address can no longer be changed');
      }
      if (!orders.isOpen(o)) throw new AppError('conflict', CHECKOUT_EXPIRED);
    },

    /**
     * GET /api/orders/confirmation/:paymentIntentId: what the confirmation page may show without the
     * buyer's session (no address, no e-mail), and the order's page (the payment id is its key).
     */
    async confirmation(paymentIntentId: string): Promise<CheckoutConfirmation> {
      const order = await orders.byPaymentId(paymentIntentId);
      if (!order || order.status === 'pending') throw notFound('Order');
      return {
        ...(await view(order)),
        paidAt: order.paidAt?.toISOString() ?? null,
        orderPage: new URL(d.orderPageLink(order.id)).pathname,
      };
    },
  };
}

export type OpenCheckout = ReturnType<typeof createOpenCheckout>;
