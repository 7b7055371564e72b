import { formatCents } from '#shared/money.ts';
import { rmaNumber } from '#shared/returns.ts';
import type { Order, OrderLine } from '../orders/service.ts';
import type * as repo from './repo.ts';

/** A return as webhooks carry it (docs/api.md "Webhooks"). */
export function returnData(
  row: repo.ReturnRow,
  order: Order,
  units: readonly { productId: number; quantity: number }[],
  bought: readonly OrderLine[],
) {
  return {
    id: row.id,
    rma: rmaNumber(row.id),
    status: row.status,
    reason: row.reason,
    orderId: order.id,
    orderNumber: String(order.id),
    email: order.email,
    items: units.map((u) => {
      const line = bought.find((b) => b.productId === u.productId);
      return {
        sku: String(u.productId),
        productId: u.productId,
        name: line?.name ?? null,
        quantity: u.quantity,
        unitPrice: line ? formatCents(line.unitPriceCents) : null,
      };
    }),
  };
}
