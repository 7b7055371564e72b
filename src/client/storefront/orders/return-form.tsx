import { useQueryClient } from '../../lib/query.tsx';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import type { OrderStatusView } from '#shared/order-status.ts';
import { RETURN_REASON_MAX } from '#shared/returns.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { orderStatusQuery } from './api/get-order-status.ts';
import { requestReturn } from './api/request-return.ts';
import type { FieldErrors } from './field-errors.ts';

const loadChecks = () => import('./return-check.ts');

/** The form that asks for a return: how many of each line, and why; checked by the server's own schema before it is sent. */
export function ReturnForm({ order, token, onDone }: { order: OrderStatusView; token: string; onDone(rma: string): void }) {
  const qc = useQueryClient();
  const id = useId();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const items = order.returnable.lines
    .map((l) => ({ productId: l.productId, quantity: quantities[l.productId] ?? 0 }))
    .filter((l) => l.quantity > 0);
  const first = order.returnable.lines[0]?.productId;
  useEffect(() => {
    void loadChecks().catch(() => {});
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    // Should the checks not load (the connection dropped), the server checks the same.
    const checks = await loadChecks().catch(() => null);
    const checked = checks?.checkReturn({ items, reason }) ?? { ok: true, body: { items, reason: reason.trim() } };
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      document.getElementById(checked.errors.items ? `${id}-${first}` : `${id}-reason`)?.focus();
      return;
    }
    setSending(true);
    try {
      const view = await requestReturn(token, checked.body);
      qc.setQueryData(orderStatusQuery(token).queryKey, view);
      onDone(view.returns[0]?.rma ?? '');
    } catch (err) {
      const server = checks?.serverErrors(err) ?? {};
      if (server.items || server.reason) setErrors(server);
      else setError(errorMessage(err, 'Your return could not be sent. Please try again.', '4xx'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4 rounded-xl border border-line p-4" aria-label="Return items" noValidate>
      <fieldset className="grid gap-3" aria-describedby={errors.items ? `${id}-items-error` : undefined}>
        <legend className="font-bold">What are you sending back?</legend>
        {order.returnable.lines.map((l) => (
          <div key={l.productId} className="flex flex-wrap items-center justify-between gap-3">
            <label htmlFor={`${id}-${l.productId}`}>
              {l.name} <span className="text-muted">({formatUsd(parseCents(l.unitPrice))} each)</span>
            </label>
            <select
              id={`${id}-${l.productId}`}
              className="rounded-md border border-line bg-white px-3 py-2"
              value={quantities[l.productId] ?? 0}
              onChange={(e) => setQuantities({ ...quantities, [l.productId]: Number(e.target.value) })}
            >
              {Array.from({ length: l.quantity + 1 }, (_, n) => String(n)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
        {errors.items ? (
          <p id={`${id}-items-error`} className="text-sm font-semibold text-danger">
            {errors.items}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-bold">
          Why are you returning it? <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={`${id}-reason`}
          required
          maxLength={RETURN_REASON_MAX}
          rows={3}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
          className={inputClass}
        />
        {errors.reason ? (
          <p id={`${id}-reason-error`} className="mt-1 text-sm font-semibold text-danger">
            {errors.reason}
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="accent" disabled={sending}>
          {sending ? 'Sending...' : 'Request Return'}
        </Button>
      </div>
    </form>
  );
}
