import type { CheckoutOrder } from '#shared/checkout.ts';
import type { ProductPicture } from '#shared/catalog.ts';
import { formatCents } from '#shared/money.ts';
import { discountOf, type Order, type OrderLine } from '../orders/service.ts';

/** The checkout page's view of an order: its items and total, never its address or e-mail. */
export function toCheckoutOrder(
  order: Order,
  items: readonly OrderLine[],
  hold: { heldUntil: Date } | undefined,
  provider: CheckoutOrder['provider'],
  pictureOf: (line: OrderLine) => ProductPicture,
): Omit<CheckoutOrder, 'groundOnly' | 'shippingLine' | 'subscription'> {
  return {
    orderId: order.id,
    paymentIntentId: order.paymentIntentId ?? '',
    status: order.status,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      unitPrice: formatCents(i.unitPriceCents),
      quantity: i.quantity,
      lineTotal: formatCents(i.unitPriceCents * i.quantity),
      image: pictureOf(i),
      subscription:
        i.subscriptionIntervalWeeks === null
          ? null
          : { intervalWeeks: i.subscriptionIntervalWeeks, discountPercent: i.subscriptionDiscountPercent ?? 0 },
    })),
    subtotal: formatCents(order.subtotalCents),
    discount: discountOf(order),
    shipping: formatCents(order.shippingCents),
    tax: formatCents(order.taxCents),
    total: formatCents(order.totalCents),
    currency: 'usd',
    provider,
    hasShipping: Boolean(order.email && order.shippingAddress),
    hold: { held: Boolean(hold), until: hold ? hold.heldUntil.toISOString() : null },
    expiresAt: order.expiresAt.toISOString(),
  };
}
