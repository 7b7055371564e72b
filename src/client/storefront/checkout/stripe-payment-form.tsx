import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ShippingFields } from '#shared/checkout.ts';
import { parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { confirmPayment } from './api/confirm-payment.ts';
import type { PaymentOutcome } from './payment-outcome.ts';

// Stripe.js is fetched from js.stripe.com only here, on the payment step (STACK-NOTES), once per page.
let loading: { key: string; promise: Promise<Stripe | null> } | undefined;
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key !== publishableKey) loading = { key: publishableKey, promise: loadStripe(publishableKey) };
  const { promise } = loading;
  // A failed load may be tried again.
  promise.catch(() => {
    if (loading?.promise === promise) loading = undefined;
  });
  return promise;
}

/** Stripe's origins are allowed by the page's CSP only when it was loaded as /checkout. */
function documentLoadedAsCheckout(): boolean {
  const nav = performance.getEntriesByType('navigation')[0];
  return !nav || new URL(nav.name).pathname === '/checkout';
}

const APPEARANCE: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#b45309',
    colorText: '#17130e',
    colorDanger: '#b42318',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    borderRadius: '6px',
    spacingUnit: '4px',
  },
};

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  /** The order's total: the Payment Element (and a wallet's payment sheet) shows it, and follows a discount code. */
  total: string;
  shipping: ShippingFields | null;
  busy: boolean;
  onBack(): void;
  /** Called before confirming: false stops the payment (e.g. the items are gone). */
  onSubmitting(): Promise<boolean>;
  onOutcome(outcome: PaymentOutcome): void;
}

/**
 * Step 2 with Stripe: the Payment Element in tabs layout (docs/product.md §2). It offers what Stripe
 * enables for the account: cards, Apple Pay and Google Pay where the device has them, and Link
 * (docs/decisions/0042). The browser does not confirm the payment: Stripe.js turns what the shopper
 * entered into a ConfirmationToken and the store's server confirms with it, after its own checks
 * (docs/decisions/0043); the Elements are made without the PaymentIntent, as Stripe's server-side
 * confirmation asks.
 */
export function StripePaymentForm(props: StripePaymentFormProps) {
  const [attempt, setAttempt] = useState(0);
  return <StripeLoader key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

function StripeLoader({ onRetry, ...props }: StripePaymentFormProps & { onRetry(): void }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!documentLoadedAsCheckout()) {
      // Entered without a page load (the CSP of another page would block Stripe): load it properly.
      window.location.reload();
      return;
    }
    let live = true;
    stripeFor(props.publishableKey).then(
      (s) => {
        if (live) setStripe(s);
      },
      (err: unknown) => {
        console.error('Stripe.js failed to load', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey]);

  if (failed) {
    return (
      <div role="alert" className="rounded-2xl border border-line bg-white p-5">
        <h3 className="text-lg font-bold">The card form could not load</h3>
        <p className="mt-1 text-sm text-muted">Check your connection, then try again. Nothing has been charged.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="outline" onClick={props.onBack}>
            Back
          </Button>
          <Button variant="accent" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  if (!stripe) {
    return <div className="h-80 animate-pulse rounded-2xl bg-sand" role="status" aria-label="Loading the card form" />;
  }
  return (
    // A new total (a discount code) reaches the Payment Element and the wallets' payment sheets
    // through these options (Elements updates its amount), and what the shopper typed stays.
    <Elements
      stripe={stripe}
      options={{ mode: 'payment', amount: parseCents(props.total), currency: 'usd', appearance: APPEARANCE }}
    >
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, paymentIntentId, shipping, busy, onBack, onSubmitting, onOutcome }: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || busy) return;
    if (!(await onSubmitting())) return;
    try {
      const checked = await elements.submit();
      if (checked.error) {
        onOutcome({ kind: 'invalid' });
        return;
      }
      const name = shipping ? `${shipping.firstName} ${shipping.lastName}` : undefined;
      const { error, confirmationToken } = await stripe.createConfirmationToken({
        elements,
        params: name && shipping ? { payment_method_data: { billing_details: { name, email: shipping.email } } } : {},
      });
      if (error) {
        if (error.type === 'validation_error') onOutcome({ kind: 'invalid' });
        else if (error.type === 'card_error')
          onOutcome({ kind: 'result', status: 'requires_payment_method', message: error.message });
        else onOutcome({ kind: 'error', error });
        return;
      }
      let result = await confirmPayment(paymentIntentId, confirmationToken.id);
      if (result.status === 'requires_action') {
        // The shopper's bank asks them to authenticate (3-D Secure); the server then confirms again.
        const action = await stripe.handleNextAction({ clientSecret });
        if (action.error) {
          onOutcome({ kind: 'result', status: 'requires_payment_method', message: action.error.message });
          return;
        }
        result = await confirmPayment(paymentIntentId);
      }
      onOutcome({ kind: 'result', status: result.status, message: result.message });
    } catch (err) {
      onOutcome({ kind: 'error', error: err });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-white p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Card payment
      </h3>
      <p className="mt-1 text-sm text-muted">Processed securely by Stripe. Your card details never reach our servers.</p>
      <div className="mt-4 min-h-[12rem]">
        <PaymentElement
          options={{
            layout: 'tabs',
            wallets: { applePay: 'auto', googlePay: 'auto' },
            defaultValues: shipping
              ? {
                  billingDetails: {
                    name: `${shipping.firstName} ${shipping.lastName}`,
                    email: shipping.email,
                    address: { postal_code: shipping.zip, country: 'US' },
                  },
                }
              : undefined,
          }}
          onReady={() => setReady(true)}
        />
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button
          type="submit"
          variant="accent"
          className="flex-1 whitespace-nowrap sm:text-base"
          disabled={busy || !ready || !stripe}
        >
          {busy ? 'Processing...' : 'Complete Purchase'}
        </Button>
      </div>
    </form>
  );
}
