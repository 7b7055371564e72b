/**
 * The kind of payment method a payment was made with, as orders record it (docs/decisions/0042):
 * `card`, a card wallet's own name (`apple_pay`, `google_pay`, …), `link`, or any other Stripe
 * payment method type as Stripe names it.
 */

/** The part of a Stripe charge the kind is read from (Stripe.Charge fits it). */
export interface ChargeLike {
  status: string;
  payment_method_details: {
    type: string;
    card?: { wallet?: { type: string } | null } | null;
  } | null;
}

/**
 * Apple Pay and Google Pay pay with a card, so Stripe reports them as type `card` with the wallet
 * named in `card.wallet.type`; the wallet is the kind the shopper chose. A failed charge paid
 * nothing, and no charge means nothing was tried yet: both have no kind.
 */
export function paymentMethodKind(charge: ChargeLike | null | undefined): string | null {
  if (!charge || charge.status === 'failed') return null;
  const details = charge.payment_method_details;
  if (!details?.type) return null;
  if (details.type === 'card') return details.card?.wallet?.type || 'card';
  return details.type;
}
