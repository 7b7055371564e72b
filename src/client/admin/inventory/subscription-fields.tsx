import type { AdminProduct } from '#shared/admin.ts';
import { SUBSCRIPTION_INTERVALS_MAX } from '#shared/subscribe.ts';
import { AdminField } from '../lib/admin-field.tsx';

/** The product form's subscribe-and-save fields as typed (docs/decisions/0052): "4, 6, 8" and "10". */
export interface SubscriptionValues {
  subscriptionIntervalsWeeks: string;
  subscriptionDiscountPercent: string;
}

export const subscriptionValues = (p: AdminProduct | null): SubscriptionValues => ({
  subscriptionIntervalsWeeks: p ? p.subscriptionIntervalsWeeks.join(', ') : '',
  subscriptionDiscountPercent: p ? String(p.subscriptionDiscountPercent) : '0',
});

/** As the shared schema takes them: the weeks a list of numbers (text that is not one stays, and is refused), the percent a number. */
export function subscriptionForm(v: SubscriptionValues): {
  subscriptionIntervalsWeeks: unknown[];
  subscriptionDiscountPercent: unknown;
} {
  const weeks = v.subscriptionIntervalsWeeks
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((w) => (/^\d+$/.test(w) ? Number(w) : w));
  const pct = v.subscriptionDiscountPercent.trim();
  return {
    subscriptionIntervalsWeeks: weeks,
    subscriptionDiscountPercent: pct === '' ? 0 : /^\d+$/.test(pct) ? Number(pct) : pct,
  };
}

/** Subscribe and save on the product form: the intervals offered, and the discount. */
export function SubscriptionFields(p: {
  id: string;
  values: SubscriptionValues;
  errors: Partial<Record<keyof SubscriptionValues, string>>;
  set(key: keyof SubscriptionValues, value: string): void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
      <AdminField
        id={`${p.id}-subscriptionIntervalsWeeks`}
        label="Subscribe and save: every … weeks"
        optional
        hint={`Up to ${SUBSCRIPTION_INTERVALS_MAX} intervals from 1 to 52 weeks, such as 4, 6, 8. Empty: sold one-time only.`}
        placeholder="4, 6, 8"
        value={p.values.subscriptionIntervalsWeeks}
        error={p.errors.subscriptionIntervalsWeeks}
        onChange={(e) => p.set('subscriptionIntervalsWeeks', e.target.value)}
      />
      <AdminField
        id={`${p.id}-subscriptionDiscountPercent`}
        label="Subscription discount (%)"
        optional
        hint="0 to 50, off each subscription unit"
        inputMode="numeric"
        placeholder="10"
        value={p.values.subscriptionDiscountPercent}
        error={p.errors.subscriptionDiscountPercent}
        onChange={(e) => p.set('subscriptionDiscountPercent', e.target.value)}
      />
    </div>
  );
}
