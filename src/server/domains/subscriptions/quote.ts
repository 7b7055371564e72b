import { subscriptionUnitCents } from '#shared/subscribe-terms.ts';
import { formatCents } from '#shared/money.ts';
import { type ShippingOffer, shippingFor } from '#shared/shipping.ts';
import type { SubscriptionItemView } from '#shared/subscription-page.ts';
import type { CatalogService } from '../catalog/service.ts';

/** A product as a subscription's price reads it: today's price, whether it is sold, its intervals. */
export interface QuotedProduct {
  priceCents: number;
  isActive: boolean;
  intervals: readonly number[];
}

export interface Quote {
  items: SubscriptionItemView[];
  subtotalCents: number;
  shippingCents: number;
  /** Before tax: the renewal's order adds the tax of its day and address. */
  totalCents: number;
  intervalsOffered: number[];
}

/** A unit at today's price less the subscription's percent: the signup's and the renewal's one rule. */
export const discountedCents = subscriptionUnitCents;

/** Today's products of a subscription's lines (a product gone or off sale: null). */
export async function productsOf(
  catalog: Pick<CatalogService, 'findActiveProductRow'>,
  productIds: readonly number[],
): Promise<Map<number, QuotedProduct | null>> {
  const rows = await Promise.all(productIds.map((id) => catalog.findActiveProductRow(id)));
  return new Map(
    productIds.map((id, i) => {
      const p = rows[i];
      return [id, p ? { priceCents: p.priceCents, isActive: p.isActive, intervals: p.subscriptionIntervalsWeeks } : null];
    }),
  );
}

/**
 * What the next delivery costs at today's prices (docs/decisions/0054): each line still sold at its
 * price less the subscription's discount, the store's shipping for that subtotal, no tax. The
 * intervals offered are those every line still sold offers, and always the current one.
 */
export function quote(
  sub: { intervalWeeks: number; discountPercent: number },
  lines: readonly { productId: number; name: string; quantity: number }[],
  products: ReadonlyMap<number, QuotedProduct | null>,
  shipping: ShippingOffer,
): Quote {
  let subtotalCents = 0;
  let offered: Set<number> | null = null;
  const items = lines.map((l) => {
    const p = products.get(l.productId);
    const available = Boolean(p?.isActive);
    const regular = p?.priceCents ?? 0;
    const unit = available ? discountedCents(regular, sub.discountPercent) : 0;
    if (available && p) {
      subtotalCents += unit * l.quantity;
      const mine = new Set(p.intervals);
      offered = offered === null ? mine : new Set([...offered].filter((w) => mine.has(w)));
    }
    return {
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      unitPrice: formatCents(unit),
      regularPrice: formatCents(regular),
      available,
    };
  });
  const shippingCents = subtotalCents > 0 ? shippingFor(subtotalCents, shipping) : 0;
  const intervalsOffered = [...new Set([...(offered ?? []), sub.intervalWeeks])].sort((a, b) => a - b);
  return { items, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents, intervalsOffered };
}
