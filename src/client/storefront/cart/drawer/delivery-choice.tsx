import { useId } from 'react';
import type { CartItem } from '#shared/cart.ts';
import { everyWeeks } from '#shared/subscribe-terms.ts';

/**
 * A cart line's delivery (docs/decisions/0052): one-time, or subscribe and save at one of the
 * intervals its product offers. The checkout asks for the terms' consent when a line subscribes.
 */
export function DeliveryChoice(props: {
  item: CartItem;
  offer: { intervalsWeeks: number[]; discountPercent: number };
  disabled: boolean;
  onChange(subscription: { intervalWeeks: number } | null): void;
}) {
  const id = useId();
  const { item, offer } = props;
  const saving = offer.discountPercent > 0 ? ` (save ${offer.discountPercent} %)` : '';
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <label htmlFor={id} className="text-muted">
        Delivery
      </label>
      <select
        id={id}
        value={item.subscription ? String(item.subscription.intervalWeeks) : 'once'}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value === 'once' ? null : { intervalWeeks: Number(e.target.value) })}
        className="min-h-9 w-full min-w-0 max-w-full rounded-md border border-line bg-white px-2"
      >
        <option value="once">One-time</option>
        {offer.intervalsWeeks.map((w) => (
          <option key={w} value={String(w)}>
            {`${everyWeeks(w).replace(/^e/, 'E')}${saving}`}
          </option>
        ))}
      </select>
    </div>
  );
}
