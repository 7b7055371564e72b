/** The store's shipping offer (docs/decisions/0039), the same rule for the checkout, the cart and structured data. */
export interface ShippingOffer {
  /** The flat rate of an order. */
  rateCents: number;
  /** Orders whose subtotal after discounts reaches this ship free; null: never. */
  freeOverCents: number | null;
}

/** What an order ships for, from its subtotal after discounts. */
export const shippingFor = (subtotalCents: number, offer: ShippingOffer): number =>
  offer.freeOverCents !== null && subtotalCents >= offer.freeOverCents ? 0 : offer.rateCents;

/** What is left to add to reach free shipping, in cents (0 once reached); null when there is no such offer. */
export const freeShippingGap = (subtotalCents: number, offer: ShippingOffer): number | null =>
  offer.freeOverCents === null ? null : Math.max(0, offer.freeOverCents - subtotalCents);
