import { formatUsd } from '#shared/money.ts';
import { AppError } from '../../errors.ts';

/** The most a card payment can be: Stripe's limit for USD charges, $999,999.99. */
export const MAX_PAYMENT_CENTS = 99_999_999;

/**
 * Refuses an order no card payment could carry, before anything is written. Such a total can only
 * come from a price stored before the product form had its limit, or from many dear lines at once;
 * without this check the provider refuses it later, or the total overflows its integer column (a 500).
 */
export function assertPayableTotal(totalCents: number): void {
  if (totalCents > MAX_PAYMENT_CENTS) {
    throw new AppError(
      'bad_request',
      `This order comes to more than ${formatUsd(MAX_PAYMENT_CENTS)}, the most a card payment can be. Please remove some items from your cart.`,
    );
  }
}
