import { createHash } from 'node:crypto';
import { parseCents } from '#shared/money.ts';
import type { RefundRequest } from '#shared/refunds.ts';
import type { OrderItemRow } from './repo.ts';

type Line = Pick<OrderItemRow, 'productId' | 'quantity' | 'unitPriceCents' | 'discountCents'> &
  Partial<Pick<OrderItemRow, 'taxCents'>>;

/**
 * What these units of an order were paid: their prices less their lines' shares of its discount
 * code (docs/decisions/0040), plus their lines' shares of its sales tax (docs/decisions/0047). A
 * line's shares go to its units in the order they are given back, rounded so that all of them
 * together give back the line's shares exactly, never more.
 */
export function paidFor(
  items: readonly Line[],
  refunded: ReadonlyMap<number, number>,
  units: readonly { productId: number; quantity: number }[],
): number {
  let cents = 0;
  for (const u of units) {
    const item = items.find((i) => i.productId === u.productId);
    if (!item) continue;
    cents += item.unitPriceCents * u.quantity - shareOf(item, item.discountCents, refunded, u);
  }
  return cents + taxFor(items, refunded, units);
}

/** The sales tax of these units: their lines' tax shared among the units as paidFor shares it. */
export function taxFor(
  items: readonly Line[],
  refunded: ReadonlyMap<number, number>,
  units: readonly { productId: number; quantity: number }[],
): number {
  let cents = 0;
  for (const u of units) {
    const item = items.find((i) => i.productId === u.productId);
    if (item) cents += shareOf(item, item.taxCents ?? 0, refunded, u);
  }
  return cents;
}

/** A line's amount shared among its units: the part of `u` after the units refunded before. */
function shareOf(item: Line, amount: number, refunded: ReadonlyMap<number, number>, u: { productId: number; quantity: number }) {
  const before = refunded.get(u.productId) ?? 0;
  const share = (n: number) => Math.round((amount * n) / item.quantity);
  return share(before + u.quantity) - share(before);
}

/**
 * The sales tax part of a refund of an amount (or of what is left): all the tax left when it
 * refunds all that is left, else the order's tax in proportion, rounded down, never more than is left.
 */
export function taxOfAmount(
  order: { totalCents: number; refundedCents: number; taxCents: number; refundedTaxCents: number },
  amountCents: number,
): number {
  const taxLeft = Math.max(0, order.taxCents - order.refundedTaxCents);
  if (amountCents >= order.totalCents - order.refundedCents) return Math.min(taxLeft, amountCents);
  if (order.totalCents <= 0) return 0;
  return Math.min(taxLeft, amountCents, Math.floor((amountCents * order.taxCents) / order.totalCents));
}

/**
 * The fingerprint a client's `Idempotency-Key` is bound to: sha256 (hex) of the request in one
 * canonical form (lines sorted by product, the amount in cents), so the same request sent again
 * matches however its JSON was written, and any other request does not.
 */
export function requestFingerprint(request: RefundRequest): string {
  const canonical = {
    items: [...(request.items ?? [])].sort((a, b) => a.productId - b.productId).map((l) => [l.productId, l.quantity, l.restock]),
    amountCents: request.amount === undefined ? null : parseCents(request.amount),
    reason: request.reason ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
