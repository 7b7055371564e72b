import type { AdminReturn } from '#shared/returns.ts';
import type { Database, Tx } from '#db/client.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { Order, OrderLine, OrdersService } from '../orders/service.ts';
import * as repo from './repo.ts';
import { adminView, linesOf, type ReturnFacts } from './views.ts';

/** What the returns' views read: their lines, orders, refunds and labels, in a few statements for any number. */
export function createReturnReads(d: { db: Database; orders: OrdersService; fulfilment: FulfilmentService }) {
  const { db, orders } = d;

  /** A return's lines, named and priced from its order's lines. */
  async function linesOfReturn(tx: Tx, ret: repo.ReturnRow) {
    const [items, bought] = await Promise.all([repo.selectItems(tx, [ret.id]), orders.items(tx, ret.orderId)]);
    return linesOf(items, bought);
  }

  /**
   * What these returns are shown with, in the same few statements however many they are; `held` is
   * their order when the caller has it already (the order's page).
   */
  async function factsOf(
    rets: readonly repo.ReturnRow[],
    held?: { order: Order; items: readonly OrderLine[] },
  ): Promise<ReturnFacts> {
    const ids = rets.map((r) => r.id);
    const orderIds = held ? [held.order.id] : [...new Set(rets.map((r) => r.orderId))];
    const [items, found, refunded, labels] = await Promise.all([
      repo.selectItems(db, ids),
      held ? new Map([[held.order.id, held]]) : orders.withItems(orderIds),
      orders.refunds.refundedQuantitiesOf(orderIds),
      d.fulfilment.returnLabels(ids),
    ]);
    const byReturn = new Map<number, repo.ReturnItemRow[]>();
    for (const i of items) byReturn.set(i.returnId, [...(byReturn.get(i.returnId) ?? []), i]);
    const byOrder = new Map(
      [...found.values()].map((o) => [o.order.id, { ...o, refunded: refunded.get(o.order.id) ?? new Map() }] as const),
    );
    return { items: byReturn, orders: byOrder, labels };
  }

  /** The owner's view of these returns, newest first as given. */
  async function adminViews(rets: readonly repo.ReturnRow[]): Promise<AdminReturn[]> {
    const [facts, refunds] = await Promise.all([
      factsOf(rets),
      orders.refunds.byIds(rets.flatMap((r) => (r.refundId === null ? [] : [r.refundId]))),
    ]);
    return rets.map((r) => adminView(r, facts, r.refundId === null ? undefined : refunds.get(r.refundId)));
  }

  return { linesOfReturn, factsOf, adminViews };
}
