import type { AdminOrder } from '#shared/admin.ts';
import type { ProductPicture } from '#shared/catalog.ts';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { formatCents } from '#shared/money.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

/** The code an order was given and what it took off, as every view shows it; null without one. */
export const discountOf = (o: Pick<OrderRow, 'discountCode' | 'discountCents'>) =>
  o.discountCode ? { code: o.discountCode, amount: formatCents(o.discountCents) } : null;

/** The dashboard's view of an order: everything the owner needs to ship it. */
export function toAdminOrder(o: OrderRow, items: readonly OrderItemRow[]): AdminOrder {
  return {
    id: o.id,
    stripePaymentIntentId: o.paymentIntentId,
    status: o.status,
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    shippingAddress: o.shippingAddress,
    shippingCity: o.shippingCity,
    shippingState: o.shippingState,
    shippingZip: o.shippingZip,
    shippingCountry: o.shippingCountry,
    total: formatCents(o.totalCents),
    discount: discountOf(o),
    shippingCharged: formatCents(o.shippingCents),
    paymentMethodKind: o.paymentMethodKind,
    refundedTotal: formatCents(o.refundedCents),
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    paymentMode: o.paymentMode,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      quantity: i.quantity,
      unitPrice: formatCents(i.unitPriceCents),
    })),
    paymentIssue: o.paymentIssue,
    trackingNumber: o.trackingNumber,
    shippingCarrier: o.shippingCarrier,
    shippingService: o.shippingService,
    shippingCost: o.shippingCostCents == null ? null : formatCents(o.shippingCostCents),
    labelUrl: o.labelUrl,
    trackingUrl: o.trackingUrl,
  };
}

/** The checkout page's view of an order: its items and total, never its address or e-mail. */
export function toCheckoutOrder(
  order: OrderRow,
  items: readonly OrderItemRow[],
  hold: { heldUntil: Date } | undefined,
  provider: CheckoutOrder['provider'],
  pictureOf: (line: OrderItemRow) => ProductPicture,
): CheckoutOrder {
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
    })),
    subtotal: formatCents(order.subtotalCents),
    discount: discountOf(order),
    shipping: formatCents(order.shippingCents),
    total: formatCents(order.totalCents),
    currency: 'usd',
    provider,
    hasShipping: Boolean(order.email && order.shippingAddress),
    hold: { held: Boolean(hold), until: hold ? hold.heldUntil.toISOString() : null },
    expiresAt: order.expiresAt.toISOString(),
  };
}
