import { everyWeeks } from '#shared/subscribe-terms.ts';
import { lineSubscriptionOf } from '#shared/subscribe.ts';
import { AppError } from '../../errors.ts';
import type { CartRow } from './repo.ts';

/** What a product offers, as the cart reads it. */
interface Offered {
  id: number;
  name: string;
  subscriptionIntervalsWeeks: readonly number[];
  subscriptionDiscountPercent: number;
}

/**
 * A line's subscribe-and-save choice (docs/decisions/0052), checked before anything is written:
 * 400 with the reason when the product is sold one-time only or does not come at that interval,
 * or when another subscription line of the cart cannot come at it. One subscription per checkout:
 * every subscription line of a cart comes on one schedule, so choosing an interval moves the
 * cart's other subscription lines to it, which each of their products must offer.
 */
export function checkSubscriptionChoice(
  product: Offered,
  choice: { intervalWeeks: number } | null | undefined,
  lines: readonly CartRow[],
): void {
  if (!choice) return;
  const weeks = choice.intervalWeeks;
  if (product.subscriptionIntervalsWeeks.length === 0) {
    throw new AppError('validation', `${product.name} is sold one-time only; it has no subscription.`);
  }
  if (!product.subscriptionIntervalsWeeks.includes(weeks)) {
    throw new AppError(
      'validation',
      `${product.name} does not come ${everyWeeks(weeks)}. Choose ${product.subscriptionIntervalsWeeks.join(', ')} weeks.`,
    );
  }
  for (const other of lines) {
    const sub = lineSubscriptionOf(other);
    if (other.productId === product.id || !sub || sub.intervalWeeks === weeks) continue;
    if (!other.subscriptionIntervalsWeeks.includes(weeks)) {
      throw new AppError(
        'validation',
        `All subscriptions in a cart come together, and ${other.name} does not come ${everyWeeks(weeks)}. Choose ${everyWeeks(sub.intervalWeeks)}, or buy one of them one-time.`,
      );
    }
  }
}
