import { destinationOf, groundOnlyRefusal } from '#shared/ground-only.ts';
import { type ShippingOffer, shippingFor } from '#shared/shipping.ts';
import { subscriptionUnitCents } from '#shared/subscribe-terms.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { SubscriptionItemRow, SubscriptionRow } from './renewals-repo.ts';

export { subscriptionUnitCents };

export interface RenewalLine {
  productId: number;
  name: string;
  unitPriceCents: number;
  /** The unit's price before the subscription's discount. */
  listPriceCents: number;
  quantity: number;
  subscriptionIntervalWeeks: number;
  subscriptionDiscountPercent: number;
}

export interface RenewalPrice {
  lines: RenewalLine[];
  subtotalCents: number;
  shippingCents: number;
  offer: ShippingOffer;
  /** Before tax: the tax is the provider's, asked for when the order is made. */
  totalCents: number;
}

export type Priced = { ok: true; price: RenewalPrice } | { ok: false; message: string };

/**
 * A renewal at today's prices from the database (docs/decisions/0053): each unit less the
 * subscription's discount, shipping at the store's offer now; refused with the shopper's reason
 * when a product is no longer sold or the address no longer takes a ground-only parcel.
 */
export async function priceRenewal(
  d: {
    catalog: Pick<CatalogService, 'findActiveProductRow' | 'shippingClasses'>;
    shipping(): ShippingOffer;
    groundOnlyToRemoteStates(): boolean;
  },
  sub: SubscriptionRow,
  items: readonly SubscriptionItemRow[],
): Promise<Priced> {
  if (items.length === 0) return { ok: false, message: 'This subscription has no items.' };
  const lines: RenewalLine[] = [];
  for (const item of items) {
    const product = await d.catalog.findActiveProductRow(item.productId);
    if (!product) return { ok: false, message: `${item.name} is no longer sold.` };
    lines.push({
      productId: product.id,
      name: product.name,
      listPriceCents: product.priceCents,
      unitPriceCents: subscriptionUnitCents(product.priceCents, sub.discountPercent),
      quantity: item.quantity,
      subscriptionIntervalWeeks: sub.intervalWeeks,
      subscriptionDiscountPercent: sub.discountPercent,
    });
  }
  const classes = await d.catalog.shippingClasses(lines.map((l) => l.productId));
  if (classes.some((c) => c.shippingClass === 'limited-quantity')) {
    const refusal = groundOnlyRefusal(
      destinationOf({ state: sub.shippingState, city: sub.shippingCity, zip: sub.shippingZip }),
      d.groundOnlyToRemoteStates(),
    );
    if (refusal) return { ok: false, message: refusal.message };
  }
  const offer = d.shipping();
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const shippingCents = shippingFor(subtotalCents, offer);
  return { ok: true, price: { lines, subtotalCents, shippingCents, offer, totalCents: subtotalCents + shippingCents } };
}
