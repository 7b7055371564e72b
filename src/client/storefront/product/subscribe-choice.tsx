import { type RefObject, useEffect, useId, useState } from 'react';
import type { SubscriptionOffer } from '#shared/subscribe.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { everyWeeks, subscribeLabel, subscriptionTerms, subscriptionUnitCents } from '#shared/subscribe-terms.ts';
import { inputClass } from '../../ui/field.tsx';

type Plan = 'once' | 'subscribe';

/** What the Add button sends: one-time (null) or the interval; undefined before the choice shows. */
export type Choice = { intervalWeeks: number } | null | undefined;

/**
 * The product page's "One-time" or "Subscribe and save N %" (docs/decisions/0052): a labelled radio
 * group, the interval when subscribing, and the terms beside the button (price, interval, how to
 * cancel). One-time is chosen until the shopper chooses otherwise.
 */
export function SubscribeChoice({
  offer,
  price,
  choice,
}: {
  offer: NonNullable<SubscriptionOffer>;
  price: string;
  choice: RefObject<Choice>;
}) {
  const id = useId();
  const [plan, onPlan] = useState<Plan>('once');
  const [weeks, onWeeks] = useState(offer.intervalsWeeks[0] ?? 0);
  useEffect(() => {
    choice.current = plan === 'subscribe' ? { intervalWeeks: weeks } : null;
  }, [choice, plan, weeks]);
  const p = { offer, price, plan, weeks, onPlan, onWeeks };
  const unit = subscriptionUnitCents(parseCents(p.price), p.offer.discountPercent);
  const option = (plan: Plan, label: string, price: string) => (
    <label
      className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg border-2 px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-deep ${
        p.plan === plan ? 'border-amber-deep bg-sand' : 'border-line bg-white'
      }`}
    >
      <span className="flex items-center gap-3 font-bold">
        <input
          type="radio"
          name={`${id}-plan`}
          value={plan}
          checked={p.plan === plan}
          onChange={() => p.onPlan(plan)}
          className="size-5 shrink-0 accent-amber-deep"
        />
        {label}
      </span>
      <span className="font-bold tabular-nums">{price}</span>
    </label>
  );
  return (
    <fieldset className="grid gap-3" aria-describedby={p.plan === 'subscribe' ? `${id}-terms` : undefined}>
      <legend className="mb-2 text-sm font-bold uppercase tracking-wider text-muted">How would you like it?</legend>
      {option('once', 'One-time', formatUsd(parseCents(p.price)))}
      {option('subscribe', subscribeLabel(p.offer.discountPercent), `${formatUsd(unit)} each delivery`)}
      {p.plan === 'subscribe' ? (
        <div className="grid gap-2 rounded-lg bg-sand p-4">
          <label htmlFor={`${id}-weeks`} className="text-sm font-bold">
            How often
          </label>
          <select
            id={`${id}-weeks`}
            value={p.weeks}
            onChange={(e) => p.onWeeks(Number(e.target.value))}
            className={`${inputClass} mt-0 sm:max-w-xs`}
          >
            {p.offer.intervalsWeeks.map((w) => (
              <option key={w} value={w}>
                {everyWeeks(w).replace(/^e/, 'E')}
              </option>
            ))}
          </select>
          <p id={`${id}-terms`} className="text-sm text-ink-soft" data-testid="subscribe-terms">
            {subscriptionTerms({
              price: (unit / 100).toFixed(2),
              intervalWeeks: p.weeks,
              discountPercent: p.offer.discountPercent,
            })}{' '}
            You agree to them at checkout.
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
