import { createHash } from 'node:crypto';
import { parseCents } from '#shared/money.ts';
import type { RefundRequest } from '#shared/refunds.ts';
import type { OrderItemRow } from './repo.ts';

/**
 * What these units of an order were paid: their prices less their lines' shares of its discount
 * code (docs/decisions/0040). A line's share goes to its units in the order they are given back,
 * rounded so that all of them together give back the line's share exactly, never more.
 */
export function paidFor(
  items: readonly Pick<OrderItemRow, 'productId' | 'quantity' | 'unitPriceCents' | 'discountCents'>[],
  refunded: ReadonlyMap<number, number>,
  units: readonly { productId: number; quantity: number }[],
): number {
  let cents = 0;
  for (const u of units) {
    const item = items.find((i) => i.productId === u.productId);
    if (!item) continue;
    const before = refunded.get(u.productId) ?? 0;
    const shareOf = (n: number) => Math.round((item.discountCents * n) / item.quantity);
    cents += item.unitPriceCents * u.quantity - (shareOf(before + u.quantity) - shareOf(before));
  }
  return cents;
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
