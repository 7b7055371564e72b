import { useQueryClient } from '../../lib/query.tsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { DISCOUNT_CODE, DISCOUNT_CODE_FORMAT, SHARED_CODE_KEY } from '#shared/discounts.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { applyDiscount, removeDiscount } from './api/discount.ts';
import { checkoutOrderQuery } from './api/get-checkout-order.ts';

/** The shared link's code (kept by the page's first script, plugins/ssr.ts), removed as it is read; null when there is none. */
function takeSharedCode(): string | null {
  try {
    const code = sessionStorage.getItem(SHARED_CODE_KEY);
    if (code !== null) sessionStorage.removeItem(SHARED_CODE_KEY);
    return code;
  } catch {
    return null;
  }
}

const FAILED = 'The code could not be applied. Please try again.';

/**
 * The checkout's discount code (docs/product.md §2, docs/decisions/0040): a code typed here, or
 * brought by a shared link, goes on the order, whose totals the server prices again; the reason a
 * code cannot be used is the server's.
 */
export default function DiscountField({ order }: { order: CheckoutOrder }) {
  const qc = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the field it was in is gone: Remove after Apply, the opener after Remove.
  const [focusNext, setFocusNext] = useState<'remove' | 'open' | null>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const paymentIntentId = order.paymentIntentId;

  const show = (updated: CheckoutOrder) => qc.setQueryData(checkoutOrderQuery(paymentIntentId).queryKey, updated);

  const apply = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      const updated = await applyDiscount(paymentIntentId, value);
      show(updated);
      setCode('');
      setOpen(false);
      setFocusNext('remove');
      if (updated.discount) {
        setSaid(`Code ${updated.discount.code} applied: ${formatUsd(parseCents(updated.discount.amount))} off.`);
      }
    } catch (err) {
      setCode(value);
      setOpen(true);
      setError(errorMessage(err, FAILED, '4xx'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      show(await removeDiscount(paymentIntentId));
      setSaid('Code removed.');
      setFocusNext('open');
    } catch (err) {
      setError(errorMessage(err, 'The code could not be removed. Please try again.', '4xx'));
    } finally {
      setBusy(false);
    }
  };

  // A code from a shared link goes on once, unless the checkout has one already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render
  useEffect(() => {
    const shared = takeSharedCode();
    if (shared && !order.discount) void apply(shared);
  }, []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!focusNext) return;
    (focusNext === 'remove' ? removeButton : openButton).current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError('Enter a code.');
      return;
    }
    if (!DISCOUNT_CODE.test(value)) {
      setError(DISCOUNT_CODE_FORMAT);
      return;
    }
    void apply(value);
  };

  return (
    <div className="mt-5 border-t border-line pt-4 text-sm">
      <p role="status" className="sr-only">
        {said}
      </p>
      {order.discount ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p>
            Code <strong className="font-bold tracking-wide">{order.discount.code}</strong> applied
          </p>
          <Button
            ref={removeButton}
            variant="ghost"
            size="sm"
            onClick={() => void remove()}
            disabled={busy}
            aria-label={`Remove code ${order.discount.code}`}
          >
            Remove
          </Button>
        </div>
      ) : open ? (
        <form noValidate onSubmit={submit} aria-label="Discount code">
          <label htmlFor={`${id}-code`} className="font-bold">
            Discount code
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={`${id}-code`}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} uppercase`}
            />
            <Button type="submit" variant="outline" className="mt-1 shrink-0" disabled={busy}>
              {busy ? 'Applying…' : 'Apply'}
            </Button>
          </div>
        </form>
      ) : (
        <button
          ref={openButton}
          type="button"
          className="-my-2 inline-block py-2 font-semibold text-ink underline decoration-amber decoration-2 underline-offset-4 hover:decoration-ink"
          onClick={() => setOpen(true)}
        >
          Have a discount code?
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
