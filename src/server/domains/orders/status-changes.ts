import type { AdminOrder, SettableOrderStatus } from '#shared/admin.ts';
import type { Database, Tx } from '#db/client.ts';
import { notFound } from '../../errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { DiscountsService } from '../discounts/service.ts';
import { type Actor, recordEvent } from './history.ts';
import type { OrderMail } from './mail-queue.ts';
import type { OrderWebhooks } from './webhooks.ts';
import * as repo from './repo.ts';
import { toAdminOrder } from './views.ts';

type Order = repo.OrderRow;

/** What the shopper's order page says when the owner sets a status. */
const SHOPPER_STATUS_LINES: Partial<Record<SettableOrderStatus, string>> = {
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** An order's status moved by the owner, or by the carrier's scans, with its e-mail and history. */
export function createStatusChanges(
  db: Database,
  d: { catalog: CatalogService; discounts: Pick<DiscountsService, 'redeem'>; mail: OrderMail; hooks: OrderWebhooks },
) {
  const { catalog, mail } = d;
  return {
    /**
     * PUT /api/orders/:id/status: the owner may set any status (docs/product.md §4). An unpaid order whose hold
     * had ended takes its stock again when the owner marks it paid or further (409 when it cannot);
     * an order set back to pending keeps its stock and is never released by the sweeper.
     */
    async setStatus(id: number, status: SettableOrderStatus, actor: Actor): Promise<AdminOrder> {
      const updated = await db.transaction(async (tx) => {
        const order = await repo.selectById(tx, id, true);
        if (!order) throw notFound('Order');
        if (order.status === status) return order;
        const set: Partial<Order> = { status };
        if (status !== 'pending' && order.status === 'pending') {
          if (order.stockReleasedAt && !order.paidAt) {
            await catalog.holds.sell(tx, order.id, await repo.selectItems(tx, order.id));
          } else {
            await catalog.holds.commit(tx, order.id);
          }
          set.stockReleasedAt = null;
          set.expiredAt = null;
          set.paidAt = order.paidAt ?? new Date();
          if (order.discountCode) await d.discounts.redeem(tx, order);
        }
        if ((status === 'shipped' || status === 'delivered') && !order.shippedAt) set.shippedAt = new Date();
        if (status === 'delivered' && !order.deliveredAt) set.deliveredAt = new Date();
        const changed = (await repo.updateOrder(tx, order.id, set)) ?? order;
        await recordEvent(
          tx,
          order.id,
          'status_changed',
          `Status changed from ${order.status} to ${status}`,
          actor,
          SHOPPER_STATUS_LINES[status] ?? null,
        );
        await mail.queueForStatus(tx, changed);
        if (!order.paidAt && changed.paidAt) await d.hooks.moved(tx, changed, 'paid');
        if (status === 'shipped' || status === 'delivered') await d.hooks.moved(tx, changed, status);
        return changed;
      });
      await catalog.catalogChanged();
      mail.deliverSoon();
      return toAdminOrder(updated, await repo.selectItems(db, updated.id));
    },

    /**
     * The carrier's scans move a paid order to shipped (its first scan in transit) and a paid or
     * shipped one to delivered, in the caller's transaction, with its e-mail; an order the owner
     * cancelled, refunded or set back to pending stays as it is. True when the status changed.
     */
    async carrierMoved(tx: Tx, orderId: number, to: 'shipped' | 'delivered', at: Date): Promise<boolean> {
      const order = await repo.selectById(tx, orderId, true);
      if (!order) return false;
      const from = order.status;
      const moves = to === 'shipped' ? from === 'paid' : from === 'paid' || from === 'shipped';
      if (!moves) return false;
      const set: Partial<Order> = { status: to, shippedAt: order.shippedAt ?? at };
      if (to === 'delivered') set.deliveredAt = order.deliveredAt ?? at;
      const changed = (await repo.updateOrder(tx, order.id, set)) ?? order;
      await recordEvent(
        tx,
        order.id,
        'status_changed',
        `Status changed from ${from} to ${to} by the carrier's scan`,
        'carrier',
        null,
      );
      await mail.queueForStatus(tx, changed);
      await d.hooks.moved(tx, changed, to);
      return true;
    },
  };
}
