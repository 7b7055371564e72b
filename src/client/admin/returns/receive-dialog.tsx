import { type FormEvent, useId, useState } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import { ReturnReceiveBodySchema } from '#shared/returns-schemas.ts';
import type { AdminReturn } from '#shared/returns.ts';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { AdminField } from '../lib/admin-field.tsx';
import { useReceiveReturnMutation } from './api/receive-return.ts';

/**
 * "Receive" on an approved return: the parcel is back. Its lines are refunded and put back in stock
 * or not; when the shopper paid the postage (a slip, not a prepaid label), what they paid can be
 * refunded with them. The button says the whole refund. The postage is checked by the server's own
 * schema, once Receive has been pressed, then as it is typed.
 */
export function ReceiveDialog({ ret, onClose }: { ret: AdminReturn; onClose(): void }) {
  const id = useId();
  const receive = useReceiveReturnMutation(ret);
  const [restock, setRestock] = useState(true);
  const [postage, setPostage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const shopperPaid = !ret.label?.prepaid;

  // The form as the server's schema reads it: the postage only when typed.
  const typed = shopperPaid ? postage.trim() : '';
  const parsed = ReturnReceiveBodySchema.safeParse({ restock, ...(typed ? { postage: typed } : {}) });
  const total = parsed.success ? parseCents(ret.value) + (parsed.data.postage ? parseCents(parsed.data.postage) : 0) : undefined;
  const error = submitted && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success) {
      document.getElementById(`${id}-postage`)?.focus();
      return;
    }
    receive.mutate(parsed.data, { onSuccess: onClose });
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
          <AdminField
            id={`${id}-postage`}
            label="Postage to refund ($)"
            optional
            hint="What the customer paid to post it back with the return slip, up to $100.00."
            inputMode="decimal"
            placeholder="e.g. 4.50"
            value={postage}
            error={error}
            disabled={receive.isPending}
            onChange={(e) => setPostage(e.target.value)}
          />
        ) : null}
        <p className="text-base font-bold" aria-live="polite">
          Refund total: {total === undefined ? '—' : formatUsd(total)}
        </p>
        <DialogActions
          submitLabel={total === undefined ? 'Receive and Refund' : `Receive and Refund ${formatUsd(total)}`}
          busyLabel="Receiving..."
          busy={receive.isPending}
        />
      </form>
    </AdminDialog>
  );
}
