import { SHIPPING } from '#shared/constants.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { AppError } from '../../errors.ts';

/** Flat rate per order, to US addresses (SPEC §9). */
export const SHIPPING_CENTS = parseCents(SHIPPING.rateUsd);

/** The most a card payment can be: Stripe's limit for USD charges, $999,999.99. */
export const MAX_PAYMENT_CENTS = 99_999_999;

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * What a checkout's lines cost, at the prices the caller read from the database; 400 for a total
 * no card payment could carry. Such a total can only come from a price stored before the product
 * form had its limit, or from many dear lines at once; without this check the provider refuses it
 * later, or the total overflows its integer column (a 500).
 */
export function priceCheckout(lines: readonly { priceCents: number; quantity: number }[]): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const totalCents = subtotalCents + SHIPPING_CENTS;
  if (totalCents > MAX_PAYMENT_CENTS) {
    throw new AppError(
      'bad_request',
      `This order comes to more than ${formatUsd(MAX_PAYMENT_CENTS)}, the most a card payment can be. Please remove some items from your cart.`,
    );
  }
  return { subtotalCents, shippingCents: SHIPPING_CENTS, totalCents };
}
