import { formatCents } from '#shared/money.ts';
import type { Tx } from '#db/client.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import * as repo from './repo.ts';

const money = (cents: number) => formatCents(cents);

/**
 * The order as webhooks carry it (docs/api.md "Webhooks"): what an accounting tool or a fulfilment
 * partner needs. Amounts are decimal strings in the order's currency; no card data.
 */
async function orderData(tx: Tx, o: repo.OrderRow) {
  const items = await repo.selectItems(tx, o.id);
  return {
    id: o.id,
    number: String(o.id),
    status: o.status,
    mode: o.paymentMode,
    currency: o.currency.toUpperCase(),
    email: o.email,
    subtotal: money(o.subtotalCents),
    discount: money(o.discountCents),
    discountCode: o.discountCode,
    shipping: money(o.shippingCents),
    tax: money(o.taxCents + o.shippingTaxCents),
    total: money(o.totalCents),
    refunded: money(o.refundedCents),
    paymentMethod: o.paymentMethodKind,
    items: items.map((i) => ({
      sku: String(i.productId),
      productId: i.productId,
      name: i.name,
      quantity: i.quantity,
      unitPrice: money(i.unitPriceCents),
      discount: money(i.discountCents),
      tax: money(i.taxCents),
    })),
    shippingAddress: {
      name: [o.firstName, o.lastName].filter(Boolean).join(' ') || null,
      line1: o.shippingAddress,
      city: o.shippingCity,
      state: o.shippingState,
      postalCode: o.shippingZip,
      country: o.shippingCountry,
    },
    tracking: o.trackingNumber ? { carrier: o.shippingCarrier, number: o.trackingNumber, url: o.trackingUrl } : null,
    paidAt: o.paidAt?.toISOString() ?? null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
  };
}

export type OrderWebhooks = ReturnType<typeof createOrderWebhooks>;

/** The order events webhooks send, written in the caller's transaction with the change. */
export function createOrderWebhooks(hooks: WebhookEmitter) {
  return {
    async paid(tx: Tx, o: repo.OrderRow) {
      await hooks.emit(tx, 'order.paid', { order: await orderData(tx, o) });
    },
    async moved(tx: Tx, o: repo.OrderRow, to: 'paid' | 'shipped' | 'delivered') {
      await hooks.emit(tx, `order.${to}`, { order: await orderData(tx, o) });
    },
    async refunded(
      tx: Tx,
      o: repo.OrderRow,
      r: {
        id: number;
        amountCents: number;
        taxCents: number;
        reason: string | null;
        cancelsOrder: boolean;
        returnId: number | null;
      },
    ) {
      await hooks.emit(tx, 'order.refunded', {
        order: await orderData(tx, o),
        refund: {
          id: r.id,
          amount: money(r.amountCents),
          tax: money(r.taxCents),
          reason: r.reason,
          full: o.refundedCents >= o.totalCents,
          cancelsOrder: r.cancelsOrder,
          returnId: r.returnId,
        },
      });
    },
    async cancelled(tx: Tx, o: repo.OrderRow, reason: string | null) {
      await hooks.emit(tx, 'order.cancelled', { order: await orderData(tx, o), reason });
    },
  };
}
