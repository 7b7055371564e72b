import { type FormEvent, useId, useState } from 'react';
import type { AdminOrder } from '#shared/admin.ts';
import type { ShippingRate } from '#shared/fulfilment.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { useBuyLabelMutation } from './api/create-label.ts';
import { useShippingRates } from './api/get-shipping-rates.ts';
import { orderLabel } from './format.ts';

const days = (n: number) => `${n} business ${n === 1 ? 'day' : 'days'}`;

/** The cheapest rate (the server lists them cheapest first; this does not rely on it). */
function cheapestOf(rates: readonly ShippingRate[]): ShippingRate | undefined {
  return rates.reduce<ShippingRate | undefined>(
    (best, r) => (!best || parseCents(r.cost) < parseCents(best.cost) ? r : best),
    undefined,
  );
}

/**
 * "Buy Postage" on the order card with EasyPost (docs/decisions/0036): the carrier's rates for the
 * parcel, asked for as the dialog opens, the cheapest chosen; the one chosen is bought and printed.
 * A quote the provider no longer honours (503) is asked for again, so a second try buys from a new one.
 */
export function PostageDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const id = useId();
  const rates = useShippingRates(order.id);
  const buy = useBuyLabelMutation(order.id);
  // The owner's choice, kept by carrier and service too: a new quote has new rate ids.
  const [picked, setPicked] = useState<ShippingRate | null>(null);

  const quote = rates.isFetching ? undefined : rates.data;
  const rate = quote
    ? (quote.rates.find((r) => r.id === picked?.id) ??
      quote.rates.find((r) => r.carrier === picked?.carrier && r.service === picked?.service) ??
      cheapestOf(quote.rates))
    : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!quote || !rate) return;
    buy.mutate(
      { quoteId: quote.quoteId, rate },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 503) void rates.refetch();
        },
      },
    );
  };

  return (
    <AdminDialog
      title={'Buy postage'}
      description={
        <>
          Order {orderLabel(order)} (#{order.id}): choose how the parcel travels. The label is bought at once and sent to the
          printer.
        </>
      }
      busy={buy.isPending}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        {rates.isFetching ? (
          <p role="status" className="flex items-center gap-3 py-4 text-sm font-semibold">
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-zinc-300 border-t-zinc-900" />
            Getting rates...
          </p>
        ) : rates.isError || (quote && !rate) ? (
          <div className="grid justify-items-start gap-3 py-2">
            {rates.isError ? (
              <p role="alert" className="text-sm font-semibold text-danger">
                {errorMessage(rates.error, 'The rates could not be fetched')}
              </p>
            ) : (
              <p role="status" className="text-sm font-semibold">
                No carrier quoted a rate for this parcel. Check its address and weight, then try again.
              </p>
            )}
            <Button variant="outline" size="sm" onClick={() => void rates.refetch()}>
              Try again
            </Button>
          </div>
        ) : quote && rate ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-bold">Rates</legend>
            {quote.rates.map((r) => (
              <label
                key={r.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-zinc-200 p-3 text-sm has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-50"
              >
                <input
                  type="radio"
                  name={`${id}-rate`}
                  value={r.id}
                  checked={r.id === rate.id}
                  disabled={buy.isPending}
                  onChange={() => setPicked(r)}
                  className="size-5 accent-zinc-900"
                />
                <span className="flex-1">
                  <span className="block font-semibold">
                    {r.carrier} {r.service}
                  </span>
                  {r.deliveryDays !== null ? <span className="block text-zinc-600">{days(r.deliveryDays)}</span> : null}
                </span>
                <span className="font-bold tabular-nums">{formatUsd(parseCents(r.cost))}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <DialogActions
          cancelLabel="Close"
          submitLabel={rate ? `Buy and Print (${formatUsd(parseCents(rate.cost))})` : 'Buy and Print'}
          busyLabel="Buying..."
          busy={buy.isPending}
          disabled={!rate}
        />
      </form>
    </AdminDialog>
  );
}
