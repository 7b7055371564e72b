/**
 * Subscribe and save's words and sums (docs/decisions/0052): plain functions, no schema, so the
 * product and checkout pages carry them without the shared schemas.
 */

/**
 * A subscription unit's price: the product's price less its discount, the discount rounded half up
 * to the cent (1899 at 10 %: 189.9 → 190 off, 1709). Integer cents in and out.
 */
export function subscriptionUnitCents(priceCents: number, discountPercent: number): number {
  return priceCents - Math.floor((priceCents * discountPercent + 50) / 100);
}

/** "every week", "every 4 weeks". */
export const everyWeeks = (weeks: number) => (weeks === 1 ? 'every week' : `every ${weeks} weeks`);

/** The choice's label on the product page: "Subscribe and save 10 %". */
export const subscribeLabel = (discountPercent: number) =>
  discountPercent > 0 ? `Subscribe and save ${discountPercent} %` : 'Subscribe';

/** A cart or checkout line's note: "Every 4 weeks, 10 % off". */
export function subscriptionLineNote(intervalWeeks: number, discountPercent: number): string {
  const every = everyWeeks(intervalWeeks);
  const head = `${every.charAt(0).toUpperCase()}${every.slice(1)}`;
  return discountPercent > 0 ? `${head}, ${discountPercent} % off` : head;
}

/** How a subscription is cancelled, in its terms and every e-mail. */
export const SUBSCRIPTION_CANCEL_TEXT = 'Cancel any time from the link in every e-mail or your subscription page.';

/**
 * The terms shown next to the subscribe button and the consent box, and recorded with the consent:
 * what is charged (a decimal string in USD, before shipping and tax), how often, the discount, and
 * how to cancel.
 */
export function subscriptionTerms(v: { price: string; intervalWeeks: number; discountPercent: number | null }): string {
  const off = v.discountPercent ? ` (${v.discountPercent} % off)` : '';
  return (
    `$${v.price}${off} plus shipping and tax, charged automatically to the card you pay with today ` +
    `${everyWeeks(v.intervalWeeks)} until you cancel. We e-mail you 3 days before each renewal. ${SUBSCRIPTION_CANCEL_TEXT}`
  );
}

/** The shipping step's consent box. */
export const SUBSCRIPTION_CONSENT_LABEL = 'I agree to these subscription terms and to the automatic renewal charges.';

/** What the shipping step answers when the box was not ticked. */
export const SUBSCRIPTION_CONSENT_REQUIRED =
  'Please tick the box to agree to the subscription terms, or change the subscription to one-time in your cart.';
