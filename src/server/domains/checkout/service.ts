import {
  ageRequiredMessage,
  type CheckoutOrder,
  type ConfirmPaymentResult,
  MARKETING_CONSENT_TEXT,
  REORDER_REMINDER_TEXT,
  type ShippingChoices,
  type ShippingFields,
} from '#shared/checkout.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { PaymentParty } from '../payments/service.ts';
import { createCompletion } from './complete.ts';
import { createGroundOnlyRule } from './ground-only.ts';
import { createKeepOpen } from './keep-open.ts';
import { createOpenCheckout } from './open-checkout.ts';
import { createCheckoutDiscounts } from './discount.ts';
import type { CheckoutDeps } from './deps.ts';
import { createOrderHolds } from './order-holds.ts';
import { createRefunds } from './refunds.ts';
import { createCheckoutStart } from './start.ts';
import { subscriptionTermsOf } from './subscription-lines.ts';
import { SUBSCRIPTION_CONSENT_REQUIRED } from '#shared/subscribe-terms.ts';
import { createExpirySweep } from './sweep.ts';
import { createCheckoutTax } from './tax.ts';

export type { CompleteResult } from './complete.ts';

/** The buyer and the address of a checkout whose shipping step is saved (readyToPay checked it). */
function partyOf(order: Order): PaymentParty {
  return {
    email: order.email ?? '',
    name: `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim(),
    phone: order.phone,
    address: {
      line1: order.shippingAddress ?? '',
      city: order.shippingCity ?? '',
      state: order.shippingState ?? '',
      postalCode: order.shippingZip ?? '',
      country: order.shippingCountry ?? 'US',
    },
  };
}
export type { CheckoutDeps } from './deps.ts';
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Checkout (docs/engineering.md §4, §6; docs/decisions/0009, 0019): the one place where cart, catalog, orders
 * and payments meet. It takes a cart to a paid order: stock held while the checkout page is open,
 * the payment asked of the provider outside any transaction, completion idempotent. Each step is a
 * file of this folder; what a domain stores is changed only through that domain's service.
 */
export function createCheckoutService(d: CheckoutDeps) {
  const holds = createOrderHolds(d);
  const groundOnly = createGroundOnlyRule(d);
  const open = createOpenCheckout(d, groundOnly.isGroundOnly);
  const tax = createCheckoutTax(d);
  const discount = createCheckoutDiscounts(d, holds, open, tax);
  const { startCheckout } = createCheckoutStart(d, holds, discount);
  const keepOpen = createKeepOpen(d, holds, discount, tax);
  const { completePayment, completeForBuyer, reconcilePaid } = createCompletion(d, open, tax);
  const sweepExpired = createExpirySweep(d, holds, completePayment);
  const { refund, cancel, retryPendingRefunds, providerRefunds } = createRefunds(d, holds, completePayment, tax);

  async function paymentFailed(paymentIntentId: string, reason: string | null): Promise<void> {
    await d.payments.recordFailure(paymentIntentId, reason);
    const order = await d.orders.byPaymentId(paymentIntentId);
    if (!order) return;
    await d.orders.recordEvent(
      order.id,
      'payment_failed',
      `Payment declined: ${reason ?? 'no reason given'}`,
      'payment provider',
    );
  }

  return {
    /** POST /api/checkout: an order from the cart, its stock held, and a payment. */
    startCheckout,
    /** GET /api/checkout/:paymentIntentId: the checkout page's order, for its buyer. */
    checkoutOrder: open.forBuyer,
    /** GET /api/orders/confirmation/:paymentIntentId. */
    confirmation: open.confirmation,
    /**
     * POST /api/orders/shipping: only the buyer's session, and only before the order is paid. With a
     * code on the checkout the address is a try of the code, and bound to a code allowed once per
     * address, in the transaction that saves it (the order locked, so a code applied meanwhile
     * sees the address, or the address sees the code).
     */
    async saveShipping(
      paymentIntentId: string,
      sessionId: string | undefined,
      f: ShippingFields,
      network: string,
      choices: ShippingChoices,
    ): Promise<CheckoutOrder> {
      // The age gate (docs/decisions/0048): bad input, refused before anything is read or written.
      const minimumAge = d.minimumAge();
      if (minimumAge !== null && choices.ageConfirmed !== true) {
        throw new AppError('validation', ageRequiredMessage(minimumAge), { ageConfirmed: [ageRequiredMessage(minimumAge)] });
      }
      const order = await open.own(paymentIntentId, sessionId);
      open.assertShippingOpen(order);
      // Subscribe and save (docs/decisions/0052): the terms' box ticked, or 400 and nothing written.
      const subscription = subscriptionTermsOf(await d.orders.items(d.db, order.id));
      if (subscription && choices.subscriptionConsent !== true) {
        throw new AppError('validation', SUBSCRIPTION_CONSENT_REQUIRED, { subscriptionConsent: [SUBSCRIPTION_CONSENT_REQUIRED] });
      }
      await groundOnly.assertShipsTo(order, f);
      if (order.discountCode) await discount.countTry(network);
      const saved = await d.db.transaction(async (tx) => {
        const locked = await d.orders.lock(tx, order.id);
        if (!locked) throw notFound('Order');
        open.assertShippingOpen(locked);
        if (locked.discountCode) await discount.bindEmail(tx, locked, f.email);
        return d.orders.writeShipping(tx, locked, f, {
          ageConfirmed: minimumAge,
          marketingConsentText: choices.marketingConsent ? MARKETING_CONSENT_TEXT : null,
          reorderReminderText: choices.reorderReminder ? REORDER_REMINDER_TEXT : null,
          subscriptionConsent: subscription ? { text: `${subscription.terms}\n${subscription.consentLabel}`, network } : null,
        });
      });
      // Sales tax at this address (docs/decisions/0047); 503 with the shopper's message when it cannot be worked out.
      return open.view(await tax.ensure(saved));
    },
    /** POST and DELETE /api/checkout/:id/discount: a discount code on an open checkout, and off it. */
    applyDiscount: discount.apply,
    removeDiscount: discount.remove,
    /** POST /api/checkout/:id/hold: the open checkout page keeps (or takes again) its hold and its code's use. */
    async renewHold(paymentIntentId: string, sessionId: string | undefined, holder: string): Promise<CheckoutOrder> {
      return open.view(await keepOpen.renewHold(await open.own(paymentIntentId, sessionId), holder));
    },
    /** Before a payment is confirmed: the checkout is open, its shipping saved, its hold and code kept (keep-open.ts). */
    readyToPay: keepOpen.readyToPay,

    /**
     * POST /api/checkout/:id/confirm (Stripe, docs/decisions/0043): the server confirms the payment,
     * after readyToPay, with what the Payment Element collected and the shopper's e-mail and
     * shipping address; a success completes the order at once (the webhook would too). A refusal
     * of readyToPay answers like a decline, with its reason.
     */
    async confirmPayment(
      paymentIntentId: string,
      sessionId: string | undefined,
      confirmationToken: string | null,
      holder: string,
    ): Promise<ConfirmPaymentResult> {
      await open.own(paymentIntentId, sessionId);
      let order: Order;
      try {
        order = await keepOpen.readyToPay(paymentIntentId, holder);
      } catch (err) {
        if (err instanceof AppError && err.code === 'conflict')
          return { status: 'requires_payment_method', message: err.message };
        throw err;
      }
      if (order.status !== 'pending' || order.paidAt) return { status: 'succeeded' };
      const outcome = await d.payments.confirm(paymentIntentId, confirmationToken, partyOf(order));
      if (outcome.status === 'succeeded') {
        await completePayment(paymentIntentId).catch((err: unknown) => {
          d.log.warn({ err, orderId: order.id }, 'completion after confirming failed; the browser and the webhook retry');
        });
        return { status: 'succeeded' };
      }
      if (outcome.status === 'processing' || outcome.status === 'requires_action') return { status: outcome.status };
      const message = outcome.message ?? 'Your card was declined.';
      if (outcome.status === 'requires_payment_method') await paymentFailed(paymentIntentId, message);
      return { status: 'requires_payment_method', message };
    },
    /** The provider says a payment succeeded (browser, test card form, webhook): its order is paid, once. */
    completePayment,
    /** POST /api/orders/complete: completePayment for the buyer's own checkout only. */
    completeForBuyer,
    /** Every minute (sweeps.ts): lapsed holds go back to the shelf, ended checkouts close. */
    sweepExpired,
    /** At start (main.ts): payments that succeeded while no instance completed their order. */
    reconcilePaid,
    /** POST /api/orders/:id/refunds: lines or an amount given back through the provider, once. */
    refund,
    /** POST /api/orders/:id/cancel: an unpaid order closed, a paid one refunded in full and restocked. */
    cancel,
    /** Every minute (sweeps.ts): refunds whose provider answer was lost are asked again. */
    retryPendingRefunds,
    /** Every minute (sweeps.ts): tax transactions and reversals the tax provider did not record are asked again. */
    retryTaxRecords: tax.retryRecords,
    /** A provider webhook about a payment's refunds. */
    providerRefunds,

    /**
     * A payment attempt the provider declined (the test card form, Stripe's webhook): kept on the
     * payment, and in its order's history with the provider's reason.
     */
    paymentFailed,
  };
}
