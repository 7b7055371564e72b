import { formatCents } from '#shared/money.ts';
import { type AdminReturn, RETURN_STATUS_LABELS, type ReturnLabel, type ShopperReturn, rmaNumber } from '#shared/returns.ts';
import { customerName } from '#shared/ship-to.ts';
import type { ReturnLabelView } from '../fulfilment/service.ts';
import { paidFor } from '../orders/service.ts';
import type { Order, OrderLine } from '../orders/service.ts';
import type { ReturnItemRow, ReturnRow } from './repo.ts';

/** A return's line, named and priced from its order's line. */
export interface ReturnLine {
  productId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** An order's line as far as it can still be sent back. */
export interface ReturnableLine {
  productId: number;
  name: string;
  unitPriceCents: number;
  /** Units bought. */
  bought: number;
  /** Units the shopper still has to send back: bought, less refunded, less in returns under way. */
  left: number;
}

/** What returns are shown with, read once for all of them (a page of the list, an order's page). */
export interface ReturnFacts {
  /** Each return's lines, by return. */
  items: ReadonlyMap<number, readonly ReturnItemRow[]>;
  /** Each order's row, lines and units refunded so far (pending refunds included), by order. */
  orders: ReadonlyMap<number, { order: Order; items: readonly OrderLine[]; refunded: ReadonlyMap<number, number> }>;
  /** Each return's label or slip, by return. */
  labels: ReadonlyMap<number, ReturnLabelView>;
}

/** A refund as a return shows it. */
export interface ReturnRefund {
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
}

export function linesOf(items: readonly ReturnItemRow[], bought: readonly OrderLine[]): ReturnLine[] {
  return items.map((i) => {
    const line = bought.find((b) => b.productId === i.productId);
    return {
      productId: i.productId,
      name: line?.name ?? `Product ${i.productId}`,
      quantity: i.quantity,
      unitPriceCents: line?.unitPriceCents ?? 0,
    };
  });
}

/**
 * The one rule of what can still be returned (the order page's list and the request's check): each
 * line bought, less what was refunded (pending refunds included) and less what returns under way
 * (requested or approved) already send back.
 */
export function returnableLines(
  bought: readonly OrderLine[],
  refunded: ReadonlyMap<number, number>,
  open: ReadonlyMap<number, number>,
): ReturnableLine[] {
  return bought.map((i) => ({
    productId: i.productId,
    name: i.name,
    unitPriceCents: i.unitPriceCents,
    bought: i.quantity,
    left: i.quantity - (refunded.get(i.productId) ?? 0) - (open.get(i.productId) ?? 0),
  }));
}

/** Units of each product in these returns that are under way (asked for or approved, not yet received). */
export function openQuantities(rets: readonly ReturnRow[], items: ReturnFacts['items']): Map<number, number> {
  const open = new Map<number, number>();
  for (const r of rets) {
    if (r.status !== 'requested' && r.status !== 'approved') continue;
    for (const i of items.get(r.id) ?? []) open.set(i.productId, (open.get(i.productId) ?? 0) + i.quantity);
  }
  return open;
}

const labelOf = (label: ReturnLabelView | undefined, url: string): ReturnLabel | null =>
  label
    ? {
        url,
        prepaid: label.prepaid,
        carrier: label.prepaid ? label.carrier : null,
        service: label.prepaid ? label.service : null,
        trackingNumber: label.trackingNumber,
        trackingUrl: label.trackingUrl,
        cost: label.prepaid ? formatCents(label.costCents ?? 0) : null,
      }
    : null;

export function shopperView(ret: ReturnRow, facts: ReturnFacts, labelUrl: string): ShopperReturn {
  const of = facts.orders.get(ret.orderId);
  const lines = linesOf(facts.items.get(ret.id) ?? [], of?.items ?? []);
  return {
    id: ret.id,
    rma: rmaNumber(ret.id),
    status: ret.status,
    statusLabel: RETURN_STATUS_LABELS[ret.status],
    reason: ret.reason,
    refusal: ret.refusal,
    items: lines.map(({ productId, name, quantity }) => ({ productId, name, quantity })),
    // What a refund of the lines gives back: their prices less their share of the order's discount.
    value: formatCents(paidFor(of?.items ?? [], of?.refunded ?? new Map(), lines)),
    requestedAt: ret.createdAt.toISOString(),
    label: labelOf(facts.labels.get(ret.id), labelUrl),
    arrivedAt: ret.arrivedAt?.toISOString() ?? null,
    receivedAt: ret.receivedAt?.toISOString() ?? null,
  };
}

/** The owner's view; `refunded` only once the provider took the refund (pending reads as not refunded yet). */
export function adminView(ret: ReturnRow, facts: ReturnFacts, refund: ReturnRefund | undefined): AdminReturn {
  const order = facts.orders.get(ret.orderId)?.order;
  return {
    ...shopperView(ret, facts, `/api/admin/returns/${ret.id}/label`),
    orderId: ret.orderId,
    customerName: (order && customerName(order)) || 'Customer',
    email: order?.email ?? null,
    decidedBy: ret.decidedBy,
    decidedAt: ret.decidedAt?.toISOString() ?? null,
    restocked: ret.restocked,
    refunded: refund?.status === 'succeeded' ? formatCents(refund.amountCents) : null,
    labelMissing: ret.status === 'approved' && !facts.labels.has(ret.id),
  };
}
