import type { AdminProduct } from '#shared/admin.ts';
import type { ImageVariant, PublicProduct } from '#shared/catalog.ts';
import { formatCents } from '#shared/money.ts';
import { offerOf } from '#shared/subscribe.ts';
import { pictureOf } from './pictures.ts';
import type { ProductRow } from './repo.ts';

/** Units of a product held in open checkouts, and when the last of them is back if not bought. */
export interface HeldUnits {
  units: number;
  backBy: Date;
}

/** A product row as the storefront and the owner's dashboard see it. */
export function toPublicProduct(p: ProductRow, held?: HeldUnits, upload?: readonly ImageVariant[]): PublicProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: formatCents(p.priceCents),
    compareAtPrice: p.compareAtCents == null ? null : formatCents(p.compareAtCents),
    imageUrl: p.imageUrl,
    image: pictureOf(p.name, 1, upload),
    isActive: p.isActive,
    inventory: p.inventory,
    inStock: p.isActive && p.inventory > 0,
    held: held?.units ?? 0,
    heldBackBy: held ? held.backBy.toISOString() : null,
    displayOrder: p.displayOrder,
    shippingClass: p.shippingClass,
    subscription: offerOf(p),
  };
}

export function toAdminProduct(p: ProductRow): AdminProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: formatCents(p.priceCents),
    compareAtPrice: p.compareAtCents == null ? null : formatCents(p.compareAtCents),
    imageUrl: p.imageUrl,
    isActive: p.isActive,
    inventory: p.inventory,
    displayOrder: p.displayOrder,
    weightGrams: p.weightGrams,
    shippingClass: p.shippingClass,
    unNumber: p.unNumber,
    properShippingName: p.properShippingName,
    subscriptionIntervalsWeeks: p.subscriptionIntervalsWeeks,
    subscriptionDiscountPercent: p.subscriptionDiscountPercent,
    createdAt: p.createdAt.toISOString(),
  };
}
