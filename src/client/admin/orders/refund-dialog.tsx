import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import type { AdminOrder } from '#shared/admin.ts';
import { formatCents, formatUsd, parseCents } from '#shared/money.ts';
import type { RefundBody } from '#shared/refunds.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Field, inputClass } from '../../ui/field.tsx';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { useOrderRefunds } from './api/get-order-refunds.ts';
import { useRefundOrderMutation } from './api/refund-order.ts';
import { orderLabel } from './format.ts';
import { ReasonField } from './reason-field.tsx';

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Line = { quantity: string; restock: boolean };

/**
 * The order card's refund (issue "Run the business", item 1): lines and quantities, each put back in
 * stock or not, or an amount of the owner's choosing; a reason. One refund however often its button
 * is pressed: a request is sent with the same Idempotency-Key until the store answers it. Once the
 * store refused it (a 4xx: nothing moved), a changed request is a new one with a new key; after no
 * answer (the refund may be waiting for the provider) the same key stays, so a changed request is
 * refused (422) rather than made as a second refund.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const id = useId();
  const state = useOrderRefunds(order.id, true);
  const refund = useRefundOrderMutation(order.id);
  const attempt = useRef<{ body: string; key: string; refused: boolean } | null>(null);
  const [lines, setLines] = useState<Record<number, Line>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const data = state.data;
  const refundable = data ? parseCents(data.refundable) : 0;
  const linesCents = useMemo(
    () =>
      (data?.lines ?? []).reduce((sum, l) => {
        const q = Number(lines[l.productId]?.quantity ?? 0);
        // What the store gives back for them: price less their discount share plus their sales tax share.
        const worth = Number.isInteger(q) && q > 0 ? l.worth[q - 1] : undefined;
        return sum + (worth ? parseCents(worth) : Number.isInteger(q) && q > 0 ? q * parseCents(l.unitPrice) : 0);
      }, 0),
    [data, lines],
  );
  const amountCents = amount.trim() === '' ? linesCents : AMOUNT.test(amount.trim()) ? parseCents(amount.trim()) : Number.NaN;

  const setLine = (productId: number, change: Partial<Line>) =>
    setLines((all) => ({ ...all, [productId]: { quantity: '0', restock: true, ...all[productId], ...change } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!data) return;
    const items = data.lines
      .map((l) => ({
        productId: l.productId,
        quantity: Number(lines[l.productId]?.quantity ?? 0),
        restock: lines[l.productId]?.restock ?? true,
      }))
      .filter((l) => l.quantity > 0);
    const bad = data.lines.find((l) => {
      const q = Number(lines[l.productId]?.quantity ?? 0);
      return !Number.isInteger(q) || q < 0 || q > l.quantity - l.refundedQuantity;
    });
    if (bad) return setError(`Choose 0 to ${bad.quantity - bad.refundedQuantity} of ${bad.name}`);
    if (Number.isNaN(amountCents)) return setError('Enter the amount as dollars and cents, such as 12.34');
    if (amountCents <= 0) return setError('Choose the lines to refund or enter an amount');
    if (amountCents > refundable) return setError(`At most ${formatUsd(refundable)} can be refunded`);
    setError(undefined);
    const body: RefundBody = {
      ...(items.length > 0 ? { items } : {}),
      ...(amount.trim() !== '' || items.length === 0 ? { amount: formatCents(amountCents) } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    const text = JSON.stringify(body);
    if (!attempt.current || (attempt.current.refused && attempt.current.body !== text)) {
      attempt.current = { body: text, key: crypto.randomUUID(), refused: false };
    }
    const sent = attempt.current;
    refund.mutate(
      { body, key: sent.key },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 422) sent.refused = true;
        },
      },
    );
  };

  return (
    <AdminDialog
      title={<>Refund order {orderLabel(order)}</>}
      description={
        data
          ? `Paid ${formatUsd(parseCents(order.total))}; refunded so far ${formatUsd(parseCents(data.refundedTotal))}; up to ${formatUsd(refundable)} can be refunded.`
          : 'Loading what can be refunded…'
      }
      busy={refund.isPending}
      onClose={onClose}
      size="lg"
    >
      {state.isError ? (
        <p role="alert" className="px-5 py-3 text-sm font-semibold text-danger">
          The order’s refunds could not be loaded. Close and try again.
        </p>
      ) : null}
      {data ? (
        <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
          <fieldset className="grid gap-3">
            <legend className="text-sm font-bold">Lines</legend>
            {data.lines.map((l) => {
              const left = l.quantity - l.refundedQuantity;
              const line = lines[l.productId];
              return (
                <div
                  key={l.productId}
                  className="grid grid-cols-[1fr_auto] items-end gap-2 rounded-lg border border-zinc-200 p-3"
                >
                  <div className="text-sm">
                    <p className="font-semibold">{l.name}</p>
                    <p className="text-zinc-600">
                      {l.quantity} bought at {formatUsd(parseCents(l.unitPrice))}
                      {l.refundedQuantity > 0 ? `, ${l.refundedQuantity} refunded` : ''}
                    </p>
                    <label className="mt-2 flex items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-5 accent-zinc-900"
                        checked={line?.restock ?? true}
                        disabled={left === 0}
                        onChange={(e) => setLine(l.productId, { restock: e.target.checked })}
                      />
                      Put back in stock
                    </label>
                  </div>
                  <div>
                    <label htmlFor={`${id}-q-${l.productId}`} className="block text-xs font-bold">
                      Refund <span className="sr-only">of {l.name} </span>(0–{left})
                    </label>
                    <input
                      id={`${id}-q-${l.productId}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      disabled={left === 0}
                      value={line?.quantity ?? '0'}
                      onChange={(e) => setLine(l.productId, { quantity: e.target.value })}
                      className={`${inputClass} w-20`}
                    />
                  </div>
                </div>
              );
            })}
          </fieldset>
          <Field
            id={`${id}-amount`}
            label="Amount (USD)"
            optional
            inputMode="decimal"
            placeholder={linesCents > 0 ? formatCents(linesCents) : 'e.g. 10.00'}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <p className="-mt-3 text-xs text-zinc-600">
            Empty: the chosen lines’ worth. An amount replaces it (shipping, a goodwill refund).
          </p>
          <ReasonField value={reason} onChange={setReason} />
          {error ? (
            <p role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <DialogActions
            cancelLabel="Close"
            submitLabel={`Refund ${Number.isNaN(amountCents) || amountCents <= 0 ? '' : formatUsd(amountCents)}`.trim()}
            busyLabel="Refunding..."
            busy={refund.isPending}
            disabled={refundable === 0}
          />
          {data.refunds.length > 0 ? (
            <section aria-label="Refunds so far" className="border-t border-zinc-100 pt-3 text-sm">
              <h3 className="font-bold">Refunds so far</h3>
              <ul className="mt-1 grid gap-1">
                {data.refunds.map((r) => (
                  <li key={r.id}>
                    <time dateTime={r.createdAt}>{WHEN.format(new Date(r.createdAt))}</time> · {formatUsd(parseCents(r.amount))} ·{' '}
                    {r.status === 'succeeded' ? 'refunded' : r.status}
                    {r.reason ? ` · ${r.reason}` : ''}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </form>
      ) : null}
    </AdminDialog>
  );
}
