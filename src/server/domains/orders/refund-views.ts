import { formatCents } from '#shared/money.ts';
import type { Refund } from '#shared/refunds.ts';
import type { RefundItemRow, RefundRow } from './refunds-repo.ts';

/** A refund as the owner reads it: its lines named from the order's items (`names`, by product). */
export const toRefund = (r: RefundRow, items: RefundItemRow[], names: Map<number, string>): Refund => ({
  id: r.id,
  orderId: r.orderId,
  amount: formatCents(r.amountCents),
  reason: r.reason,
  status: r.status,
  items: items
    .filter((i) => i.refundId === r.id)
    .map((i) => ({
      productId: i.productId,
      name: names.get(i.productId) ?? `Product ${i.productId}`,
      quantity: i.quantity,
      restock: i.restock,
    })),
  actor: r.actor,
  createdAt: r.createdAt.toISOString(),
  failureReason: r.failureReason,
});
