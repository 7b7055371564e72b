import { formatUsd } from '#shared/money.ts';
import { type ShippingOffer, shippingFor } from '#shared/shipping.ts';
import { AppError } from '../../errors.ts';

/** The most a card payment can be: Stripe's limit for USD charges, $999,999.99. */
export const MAX_PAYMENT_CENTS = 99_999_999;
/** Stripe's least charge in USD. */
export const MIN_PAYMENT_CENTS = 50;

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * What a checkout's lines cost, at the prices the caller read from the database, less its discount,
 * plus shipping at the store's rate (free from the store's amount, reached by the subtotal after the
 * discount); 400 for a total no card payment could carry. Such a total can only come from a price
 * stored before the product form had its limit, or from many dear lines at once; without this check
 * the provider refuses it later, or the total overflows its integer column (a 500).
 */
export function priceCheckout(
  lines: readonly { priceCents: number; quantity: number }[],
  shipping: ShippingOffer,
  discountCents = 0,
): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const shippingCents = shippingFor(subtotalCents - discount, shipping);
  const totalCents = subtotalCents - discount + shippingCents;
  if (totalCents > MAX_PAYMENT_CENTS) {
    throw new AppError(
      'bad_request',
      `This order comes to more than ${formatUsd(MAX_PAYMENT_CENTS)}, the most a card payment can be. Please remove some items from your cart.`,
    );
  }
  return { subtotalCents, discountCents: discount, shippingCents, totalCents };
}
