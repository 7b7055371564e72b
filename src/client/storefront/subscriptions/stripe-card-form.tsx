import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { CardSetupStarted, SubscriptionPageView } from '#shared/subscription-page.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { completeCardChange, confirmCardChange } from './api/subscription.ts';

/** Stripe's origins are allowed by the CSP only of a page loaded as a subscription's page. */
const loadedAsSubscriptionPage = () => {
  const nav = performance.getEntriesByType('navigation')[0];
  return !nav || new URL(nav.name).pathname.startsWith('/subscriptions/');
};

/**
 * A new card for a subscription with Stripe (docs/decisions/0054): the Payment Element in setup
 * mode turns what the shopper typed into a ConfirmationToken, the store's server confirms the
 * SetupIntent with it for this subscription's customer only, the bank may ask the shopper to
 * authenticate, and the saved card becomes the subscription's. A card number never reaches the store.
 */
export default function StripeCardForm(props: {
  token: string;
  setup: CardSetupStarted & { publishableKey: string };
  onSaved(v: SubscriptionPageView): void;
  onCancel(): void;
}) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!loadedAsSubscriptionPage()) {
      window.location.reload();
      return;
    }
    let live = true;
    loadStripe(props.setup.publishableKey).then(
      (s) => live && setStripe(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.setup.publishableKey]);
  if (failed) {
    return (
      <p role="alert" className="mt-4 text-sm font-semibold text-danger">
        The card form could not load. Check your connection and try again.
      </p>
    );
  }
  if (!stripe)
    return <div className="mt-4 h-48 animate-pulse rounded-xl bg-sand" role="status" aria-label="Loading the card form" />;
  return (
    <Elements stripe={stripe} options={{ mode: 'setup', currency: 'usd' }}>
      <SetupForm {...props} />
    </Elements>
  );
}

function SetupForm({ token, setup, onSaved, onCancel }: Parameters<typeof StripeCardForm>[0]) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    try {
      const checked = await elements.submit();
      if (checked.error) return;
      const made = await stripe.createConfirmationToken({ elements });
      if (made.error) {
        if (made.error.type !== 'validation_error') setError(made.error.message ?? 'Your card was declined.');
        return;
      }
      let result = await confirmCardChange(token, setup.setupId, made.confirmationToken.id);
      if (result.status === 'requires_action') {
        // The shopper's bank asks them to authenticate; the server then confirms again.
        const action = await stripe.handleNextAction({ clientSecret: setup.clientSecret });
        if (action.error) {
          setError(action.error.message ?? 'Your bank did not confirm the card.');
          return;
        }
        result = await confirmCardChange(token, setup.setupId);
      }
      if (result.status !== 'succeeded') {
        setError(result.message ?? 'Your card was declined.');
        return;
      }
      onSaved(await completeCardChange(token, setup.setupId));
    } catch (err) {
      setError(errorMessage(err, 'We could not save the card just now. Please try again.', '4xx'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${id}-title`} className="mt-4 grid gap-4">
      <p id={`${id}-title`} className="text-sm text-muted">
        Processed securely by Stripe. Your card details never reach our servers.
      </p>
      <PaymentElement options={{ layout: 'tabs', wallets: { applePay: 'never', googlePay: 'never' } }} />
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || !stripe}>
          {busy ? 'Saving...' : 'Save card'}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Keep current card
        </Button>
      </div>
    </form>
  );
}
