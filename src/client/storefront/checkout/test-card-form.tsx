import { type FormEvent, useId, useState } from 'react';
import { Field } from '../../ui/field.tsx';

export interface CardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Expiry as MM/YY in the future (this month counts). */
export function validExpiry(value: string, now = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export function cardErrors(v: CardValues, now = new Date()): Partial<Record<keyof CardValues, string>> {
  const errors: Partial<Record<keyof CardValues, string>> = {};
  const digits = v.cardNumber.replace(/[\s-]/g, '');
  if (!digits) errors.cardNumber = 'Required';
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'Enter the card number';
  if (!v.expiry.trim()) errors.expiry = 'Required';
  else if (!validExpiry(v.expiry, now)) errors.expiry = 'Enter a future date as MM/YY';
  if (!v.cvc.trim()) errors.cvc = 'Required';
  else if (!/^\d{3,4}$/.test(v.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits';
  return errors;
}

/**
 * The built-in test provider's card form (docs/engineering.md §4.4). The card number goes only to
 * /api/payments/test/confirm, which compares it with Stripe's test cards.
 */
export function TestCardForm({ busy, onBack, onPay }: { busy: boolean; onBack(): void; onPay(card: CardValues): void }) {
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CardValues, string>>>({});
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = cardErrors(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onPay(values);
  };

  const set = (name: keyof CardValues) => (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-5">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Test card
      </h3>
      <p className="mt-1 rounded-md bg-[#fff6dc] p-3 text-sm">
        Test mode: no real charge is made. Use <strong>4242 4242 4242 4242</strong> with any future date and any CVC;{' '}
        <strong>4000 0000 0000 0002</strong> is declined.
      </p>
      <div className="mt-4 grid gap-4">
        <Field
          id={`${id}-cardNumber`}
          name="cardNumber"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={values.cardNumber}
          error={errors.cardNumber}
          onChange={set('cardNumber')}
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            id={`${id}-expiry`}
            name="expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/30"
            value={values.expiry}
            error={errors.expiry}
            onChange={set('expiry')}
          />
          <Field
            id={`${id}-cvc`}
            name="cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={values.cvc}
            error={errors.cvc}
            onChange={set('cvc')}
          />
        </div>
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onBack}
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-md border-2 border-ink px-5 text-sm font-bold uppercase tracking-wide hover:bg-ink hover:text-white disabled:opacity-50"
        >
          Back
        </button>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 flex-1 items-center justify-center whitespace-nowrap rounded-md bg-amber px-5 text-sm font-bold uppercase tracking-wide text-ink hover:bg-[#ffc53d] disabled:opacity-50 sm:text-base"
        >
          {busy ? 'Processing...' : 'Complete Purchase'}
        </button>
      </div>
    </form>
  );
}
