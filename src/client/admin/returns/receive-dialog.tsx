import { Dialog } from 'radix-ui';
import { AdminDialog } from '../lib/admin-dialog.tsx';
import { type FormEvent, useId, useState } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import { type ReturnReceiveBody, ReturnReceiveBodySchema } from '#shared/returns-schemas.ts';
import type { AdminReturn } from '#shared/returns.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { useReceiveReturnMutation } from './api/receive-return.ts';

/** The form as the server's schema reads it: the postage only when typed. */
const bodyOf = (restock: boolean, postage: string) =>
  ReturnReceiveBodySchema.safeParse({ restock, ...(postage.trim() ? { postage: postage.trim() } : {}) });

/**
 * "Receive" on an approved return: the parcel is back. Its lines are refunded and put back in stock
 * or not; when the shopper paid the postage (a slip, not a prepaid label), what they paid can be
 * refunded with them. The button says the whole refund.
 */
export function ReceiveDialog({ ret, onClose }: { ret: AdminReturn; onClose(): void }) {
  const id = useId();
  const receive = useReceiveReturnMutation(ret);
  const [restock, setRestock] = useState(true);
  const [postage, setPostage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const shopperPaid = !ret.label?.prepaid;

  const parsed = bodyOf(restock, shopperPaid ? postage : '');
  const total = parsed.success ? parseCents(ret.value) + (parsed.data.postage ? parseCents(parsed.data.postage) : 0) : undefined;
  // The schema's messages are written for API callers; the owner reads the same rule in dollars.
  const message = (r: typeof parsed) =>
    r.success
      ? undefined
      : r.error.issues.some((i) => i.message.includes('at most'))
        ? 'The postage can be at most $100.00'
        : 'Enter the postage as dollars and cents, such as 4.50';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success) {
      setError(message(parsed));
      document.getElementById(`${id}-postage`)?.focus();
      return;
    }
    setError(undefined);
    const body: ReturnReceiveBody = parsed.data;
    receive.mutate(body, { onSuccess: onClose });
  };

  return (
    <AdminDialog
      title={<>Receive return {ret.rma}</>}
      description={<>The parcel from {ret.customerName} is back. Its items are refunded to the customer’s card, once.</>}
      busy={receive.isPending}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <section aria-labelledby={`${id}-back`} className="rounded-lg border border-zinc-200 p-3 text-sm">
          <h3 id={`${id}-back`} className="font-bold">
            What comes back
          </h3>
          <ul className="mt-1">
            {ret.items.map((i) => (
              <li key={i.productId}>
                {i.quantity} × {i.name}
              </li>
            ))}
          </ul>
          <p className="mt-1">Worth {formatUsd(parseCents(ret.value))}</p>
        </section>
        <label className="flex min-h-10 items-center gap-2 text-sm font-bold">
          <input
            type="checkbox"
            className="size-5 accent-zinc-900"
            checked={restock}
            disabled={receive.isPending}
            onChange={(e) => setRestock(e.target.checked)}
          />
          Put the items back in stock
        </label>
        {shopperPaid ? (
          <div>
            <Field
              id={`${id}-postage`}
              label="Postage to refund ($)"
              optional
              inputMode="decimal"
              placeholder="e.g. 4.50"
              value={postage}
              error={error}
              disabled={receive.isPending}
              aria-describedby={`${id}-postage-hint${error ? ` ${id}-postage-error` : ''}`}
              onChange={(e) => {
                setPostage(e.target.value);
                if (submitted) setError(message(bodyOf(restock, e.target.value)));
              }}
            />
            <p id={`${id}-postage-hint`} className="mt-1 text-xs text-zinc-600">
              What the customer paid to post it back with the return slip, up to $100.00.
            </p>
          </div>
        ) : null}
        <p className="text-base font-bold" aria-live="polite">
          Refund total: {total === undefined ? '—' : formatUsd(total)}
        </p>
        <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4">
          <Dialog.Close asChild>
            <Button variant="outline" disabled={receive.isPending}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={receive.isPending}>
            {receive.isPending
              ? 'Receiving...'
              : total === undefined
                ? 'Receive and Refund'
                : `Receive and Refund ${formatUsd(total)}`}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
