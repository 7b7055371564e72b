import { formatCents } from '#shared/money.ts';
import { lineSubscriptionOf } from '#shared/subscribe.ts';
import { SUBSCRIPTION_CONSENT_LABEL, subscriptionTerms, subscriptionUnitCents } from '#shared/subscribe-terms.ts';
import { AppError } from '../../errors.ts';
import type { CartRow } from '../cart/service.ts';
import type { OrderLine } from '../orders/service.ts';

/**
 * Subscribe and save at checkout (docs/decisions/0052): a cart line's price with its subscription
 * discount (from the database's price and discount only), and the terms of a checkout's subscription.
 */

/** The cart's lines priced as the order copies them: a subscription line's unit less its discount, rounded half up. */
export function pricedCartLines(lines: readonly CartRow[]) {
  const priced = lines.map((l) => {
    const sub = lineSubscriptionOf(l);
    return {
      ...l,
      priceCents: sub ? subscriptionUnitCents(l.priceCents, sub.discountPercent) : l.priceCents,
      subscriptionIntervalWeeks: sub?.intervalWeeks ?? null,
      subscriptionDiscountPercent: sub?.discountPercent ?? null,
    };
  });
  // The cart keeps one interval (cart/subscription.ts); an owner's change since could leave two.
  const intervals = new Set(priced.flatMap((l) => (l.subscriptionIntervalWeeks === null ? [] : [l.subscriptionIntervalWeeks])));
  if (intervals.size > 1) {
    throw new AppError(
      'validation',
      'All subscriptions in a checkout come together: choose the same interval for each subscription item in your cart.',
    );
  }
  return priced;
}

/** What the checkout page shows of its subscription, and what its consent records. */
export interface CheckoutSubscriptionTerms {
  intervalWeeks: number;
  /** The one discount of its lines; null when they differ. */
  discountPercent: number | null;
  /** Each renewal's items at today's prices, before shipping and tax (a decimal string). */
  amount: string;
  terms: string;
  consentLabel: string;
}

/** The subscription an order's lines start, or null when none of them subscribes. */
export function subscriptionTermsOf(items: readonly OrderLine[]): CheckoutSubscriptionTerms | null {
  const subs = items.filter((i) => i.subscriptionIntervalWeeks !== null);
  const first = subs[0];
  if (!first || first.subscriptionIntervalWeeks === null) return null;
  const discounts = new Set(subs.map((i) => i.subscriptionDiscountPercent ?? 0));
  const discountPercent = discounts.size === 1 ? (first.subscriptionDiscountPercent ?? 0) : null;
  const amount = formatCents(subs.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0));
  const intervalWeeks = first.subscriptionIntervalWeeks;
  return {
    intervalWeeks,
    discountPercent,
    amount,
    terms: subscriptionTerms({ price: amount, intervalWeeks, discountPercent }),
    consentLabel: SUBSCRIPTION_CONSENT_LABEL,
  };
}
