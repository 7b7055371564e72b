import { useQueryClient } from '../../lib/query.tsx';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CheckoutOrder, ShippingFields } from '#shared/checkout.ts';
import { PAYMENT_NOT_COMPLETED } from '#shared/messages.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { checkoutOrderQuery } from './api/get-checkout-order.ts';
import { completeOrder } from './api/complete-order.ts';
import { confirmTestPayment } from './api/confirm-test-payment.ts';
import { renewHold } from './api/renew-hold.ts';
import { saveOrderSummary } from './order-storage.ts';
import { FAILED_STATUSES, type PaymentOutcome } from './payment-outcome.ts';
import { type CardValues, TestCardForm } from './test-card-form.tsx';

// Stripe.js and its React bindings load only in Stripe mode, on this step.
const StripePaymentForm = lazy(() => import('./stripe-payment-form.tsx').then((m) => ({ default: m.StripePaymentForm })));

const REDIRECT_MS = 2000;
/** How long a not-yet-final payment is watched: every 3 s for a minute. */
const SETTLE_POLL_MS = 3000;
const SETTLE_POLLS = 20;

export interface PaymentStepProps {
  /** The payment's client secret (the checkout URL's payment_intent). */
  secret: string;
  order: CheckoutOrder;
  shipping: ShippingFields | null;
  onBack(): void;
}

/**
 * Step 2 (docs/product.md §2 "Checkout"): where the order ships, and the payment form of the store's
 * provider (the test card form, or Stripe's Payment Element). The provider's answer decides
 * what follows: completion and the confirmation page, a failure toast, or waiting for it to settle.
 */
export function PaymentStep({ secret, order, shipping, onBack }: PaymentStepProps) {
  const qc = useQueryClient();
  const { supportEmail, stripePublishableKey } = usePublicConfig();
  const [paying, setPaying] = useState(false);
  const paymentIntentId = order.paymentIntentId;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A page load, not a client-side navigation: the confirmation page gets its own CSP (the
  // checkout's allows no marketing tag) and the tags may report the purchase there (ADR 0014). The
  // payment id leaves that page's address before any tag starts (ADR 0018).
  const goToConfirmation = () =>
    setTimeout(() => window.location.assign(`/order-confirmation?payment_intent=${paymentIntentId}`), REDIRECT_MS);

  /** The provider said the payment succeeded: the server checks it and marks the order paid. */
  const completePaid = async () => {
    saveOrderSummary(paymentIntentId, order, shipping?.email ?? null);
    try {
      await completeOrder(paymentIntentId);
      // The paid order emptied the cart on the server.
      void qc.invalidateQueries({ queryKey: ['cart'] });
      toast({ title: 'Payment Successful', description: 'Your order is confirmed. Taking you to your confirmation…' });
    } catch (err) {
      console.error('Order completion failed after payment', err);
      toast({
        title: 'Payment Successful',
        description: `Your payment went through. If no confirmation e-mail arrives within the hour, write to ${supportEmail}.`,
      });
    }
    goToConfirmation();
  };

  /** Not final yet (e.g. 'processing'): the order is completed as soon as the provider settles it. */
  const awaitSettlement = async (status: string) => {
    toast({ title: 'Payment Processing', description: `Payment status: ${status}. Please wait...` });
    for (let i = 0; i < SETTLE_POLLS; i++) {
      await new Promise((r) => setTimeout(r, SETTLE_POLL_MS));
      if (!mounted.current) return;
      try {
        await completeOrder(paymentIntentId);
        await completePaid();
        return;
      } catch (err) {
        // A 409 with the provider's reason: it failed after all. Anything else: still processing.
        if (err instanceof ApiError && err.status === 409 && err.serverMessage && err.serverMessage !== PAYMENT_NOT_COMPLETED) {
          onOutcome({ kind: 'result', status: 'requires_payment_method', message: err.serverMessage });
          return;
        }
      }
    }
    toast({
      title: 'Payment Processing',
      description: `Your bank is still processing the payment. You will receive an e-mail once it clears; questions: ${supportEmail}.`,
    });
  };

  const onOutcome = (outcome: PaymentOutcome) => {
    if (outcome.kind === 'invalid') {
      setPaying(false);
      return;
    }
    if (outcome.kind === 'error') {
      console.error('Payment failed', outcome.error);
      const description = errorMessage(outcome.error, 'Unable to process payment. Please try again.', '4xx');
      toast({ title: 'Payment Error', description, variant: 'destructive' });
      setPaying(false);
      return;
    }
    if (outcome.status === 'succeeded') {
      void completePaid();
      return;
    }
    if (FAILED_STATUSES.has(outcome.status)) {
      // The checkout may have changed before the payment was refused (a code that could not be kept).
      void qc.invalidateQueries({ queryKey: checkoutOrderQuery(paymentIntentId).queryKey });
      toast({
        title: 'Payment Failed',
        description: outcome.message ?? 'Your card was declined.',
        variant: 'destructive',
      });
      setPaying(false);
      return;
    }
    void awaitSettlement(outcome.status);
  };

  /**
   * Just before paying, the hold is renewed (or taken again after a lapse): a 409 means the
   * checkout closed or its items are gone, and nothing is charged. Other failures do not stop the
   * payment (the server takes the stock when it completes the order).
   */
  const beforePaying = async (): Promise<boolean> => {
    setPaying(true);
    try {
      qc.setQueryData(checkoutOrderQuery(paymentIntentId).queryKey, await renewHold(paymentIntentId));
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast({
          title: 'Checkout Error',
          description: errorMessage(err, 'This checkout has expired.'),
          variant: 'destructive',
        });
        setPaying(false);
        return false;
      }
    }
    return true;
  };

  const onTestCard = async (card: CardValues) => {
    if (!(await beforePaying())) return;
    try {
      const result = await confirmTestPayment(secret, card.cardNumber);
      onOutcome({ kind: 'result', status: result.status, message: result.message });
    } catch (err) {
      onOutcome({ kind: 'error', error: err });
    }
  };

  const paymentForm =
    order.provider === 'stripe' && stripePublishableKey ? (
      <StripePaymentForm
        publishableKey={stripePublishableKey}
        total={order.total}
        clientSecret={secret}
        paymentIntentId={paymentIntentId}
        shipping={shipping}
        busy={paying}
        onBack={onBack}
        onSubmitting={beforePaying}
        onOutcome={onOutcome}
      />
    ) : (
      <TestCardForm busy={paying} onBack={onBack} onPay={(card) => void onTestCard(card)} />
    );

  return (
    <div className="grid gap-6">
      {shipping ? (
        <section aria-label="Shipping to" className="rounded-2xl border border-line bg-white p-5">
          <div className="-my-2 flex items-center justify-between gap-4">
            <h2 className="text-sm font-bold uppercase tracking-wider text-muted">Shipping to</h2>
            <Button variant="ghost" size="sm" onClick={onBack} disabled={paying}>
              Edit
            </Button>
          </div>
          <p className="mt-2">
            {shipping.firstName} {shipping.lastName}
            <br />
            {shipping.address}
            <br />
            {shipping.city}, {shipping.state} {shipping.zip}
            <br />
            United States
          </p>
          <p className="mt-2 text-sm text-muted">{shipping.email}</p>
        </section>
      ) : null}
      <section aria-label="Payment">
        <h2 className="mb-3 text-sm font-bold uppercase tracking-wider text-muted">Payment</h2>
        <Suspense fallback={<div className="h-80 animate-pulse rounded-2xl bg-sand" aria-busy="true" />}>{paymentForm}</Suspense>
      </section>
    </div>
  );
}
