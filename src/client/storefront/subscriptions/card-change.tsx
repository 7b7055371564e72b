import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { CARD_CHANGE_BY_EMAIL, type CardSetupStarted, type SubscriptionPageView } from '#shared/subscription-page.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { completeCardChange, confirmTestSetup, startCardChange } from './api/subscription.ts';

/** Stripe's card form, loaded only when the shopper replaces a card with Stripe as the provider. */
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

const brandName = (brand: string) =>
  brand === 'visa' ? 'Visa' : brand === 'mastercard' ? 'Mastercard' : brand === 'amex' ? 'American Express' : 'Card';

/**
 * The subscription's card and its replacement (docs/decisions/0054): a setup at the payment
 * provider; with the built-in provider, its test card form. A card number goes only to the provider's
 * setup, never to the subscription.
 */
export function CardSection({
  token,
  sub,
  onChanged,
}: {
  token: string;
  sub: SubscriptionPageView;
  onChanged(v: SubscriptionPageView): void;
}) {
  const id = useId();
  const [setup, setSetup] = useState<{ setupId: string; clientSecret: string } | null>(null);
  const [stripeSetup, setStripeSetup] = useState<(CardSetupStarted & { publishableKey: string }) | null>(null);
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const s = await startCardChange(token);
      if (s.provider === 'test') setSetup(s);
      else if (s.publishableKey) setStripeSetup({ ...s, publishableKey: s.publishableKey });
      else setNote(CARD_CHANGE_BY_EMAIL);
    } catch (err) {
      // 503: the payment provider takes no new card from this page.
      if (err instanceof ApiError && err.status === 503) setNote(CARD_CHANGE_BY_EMAIL);
      else setError(errorMessage(err, 'We could not start the card change just now. Please try again.', '4xx'));
    } finally {
      setBusy(false);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!setup) return;
    if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) {
      setError('Enter the card number');
      document.getElementById(`${id}-number`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const confirmed = await confirmTestSetup(setup.clientSecret, number);
      if (confirmed.status !== 'succeeded') {
        setError(confirmed.message ?? 'Your card was declined.');
        return;
      }
      onChanged(await completeCardChange(token, setup.setupId));
      setSetup(null);
      setNumber('');
      setNote('Your new card is saved. The next renewal is charged to it.');
    } catch (err) {
      setError(errorMessage(err, 'We could not save the card just now. Please try again.', '4xx'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id={`${id}-title`} className="text-sm font-bold uppercase tracking-wider text-muted">
        Payment card
      </h2>
      <p className="mt-2 text-lg font-bold">
        {sub.card ? `${brandName(sub.card.brand)} ending ${sub.card.last4}` : 'No card saved'}
      </p>
      {note ? (
        <p role="status" className="mt-2 text-sm">
          {note}
        </p>
      ) : null}
      {stripeSetup ? (
        <Suspense fallback={<div className="mt-4 h-48 animate-pulse rounded-xl bg-sand" />}>
          <StripeCardForm
            token={token}
            setup={stripeSetup}
            onSaved={(v) => {
              onChanged(v);
              setStripeSetup(null);
              setNote('Your new card is saved. The next renewal is charged to it.');
            }}
            onCancel={() => setStripeSetup(null)}
          />
        </Suspense>
      ) : setup ? (
        <form noValidate onSubmit={(e) => void save(e)} className="mt-4 grid gap-4">
          <p className="rounded-md bg-[#fff6dc] p-3 text-sm">
            Test mode: no real card is saved. Use <strong>4242 4242 4242 4242</strong>; <strong>4000 0000 0000 0341</strong> is
            saved but declined at renewal; <strong>4000 0000 0000 0002</strong> is declined.
          </p>
          <div>
            <label htmlFor={`${id}-number`} className="text-sm font-bold">
              New card number
            </label>
            <input
              id={`${id}-number`}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              required
              value={number}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setNumber(e.target.value)}
              className="mt-1 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-danger"
            />
            {error ? (
              <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save card'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setSetup(null)}>
              Keep current card
            </Button>
          </div>
        </form>
      ) : sub.status === 'cancelled' ? null : (
        <>
          {error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <Button variant="outline" className="mt-4" disabled={busy} onClick={() => void start()}>
            Replace card
          </Button>
        </>
      )}
    </section>
  );
}
