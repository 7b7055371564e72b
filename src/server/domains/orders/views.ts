import type { AdminOrder } from '#shared/admin.ts';
import type { OrderDisputes } from '#shared/disputes.ts';
import { formatCents } from '#shared/money.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

/** The code an order was given and what it took off, as every view shows it; null without one. */
export const discountOf = (o: Pick<OrderRow, 'discountCode' | 'discountCents'>) =>
  o.discountCode ? { code: o.discountCode, amount: formatCents(o.discountCents) } : null;

/** The dashboard's view of an order: everything the owner needs to ship it. */
export function toAdminOrder(o: OrderRow, items: readonly OrderItemRow[], disputes?: OrderDisputes): AdminOrder {
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
    tax: formatCents(o.taxCents),
    paymentMethodKind: o.paymentMethodKind,
    refundedTotal: formatCents(o.refundedCents),
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    paymentMode: o.paymentMode,
    renewalOf: o.subscriptionId,
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
    dispute: disputes ?? null,
  };
}
