import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';
import type { OrderHolds } from './order-holds.ts';

/**
 * Every minute: holds and codes' uses that lapsed are given back (their checkout stays payable, and
 * takes them again before paying), and
 * checkouts past their end are closed (hold released, payment cancelled), unless the provider says
 * they were paid after all (then they are completed). Returns how many were released or closed.
 */
export function createExpirySweep(
  d: CheckoutDeps,
  holds: OrderHolds,
  completePayment: (paymentIntentId: string) => Promise<unknown>,
) {
  const { db, catalog, orders, payments } = d;

  /** true when the provider says it was paid (and it is completed now). */
  async function paidAfterAll(o: Order): Promise<boolean> {
    if (!o.paymentIntentId) return false;
    const payment = await payments.retrieve(o.paymentIntentId).catch(() => null);
    if (payment?.status !== 'succeeded') return false;
    await completePayment(o.paymentIntentId);
    return true;
  }

  return async function sweepExpired(): Promise<number> {
    // Codes' uses whose checkout page stopped renewing them go back first (docs/decisions/0040).
    let changed = await d.discounts.releaseLapsed();
    for (const orderId of await catalog.holds.lapsedOrderIds()) {
      const order = await orders.byId(orderId);
      if (!order || (order.status === 'pending' && (await paidAfterAll(order)))) continue;
      const did = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId);
        const hold = await catalog.holds.holdOf(tx, orderId);
        if (!hold || hold.heldUntil.getTime() > Date.now()) return false; // renewed meanwhile
        if (locked && (locked.status !== 'pending' || locked.paidAt)) {
          await catalog.holds.commit(tx, orderId); // paid: what it held is sold
          return false;
        }
        if (locked) await holds.release(tx, locked);
        else await catalog.holds.release(tx, orderId);
        return true;
      });
      if (did) changed += 1;
    }
    for (const order of await orders.endedCheckouts()) {
      if (await paidAfterAll(order)) continue;
      const did = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, order.id);
        if (locked?.status !== 'pending' || locked.expiredAt || locked.paymentIssue || locked.paidAt) return false;
        if (!locked.stockReleasedAt) await holds.release(tx, locked);
        await orders.close(tx, locked.id);
        await d.discounts.release(tx, locked.id);
        return true;
      });
      if (did) {
        changed += 1;
        if (order.paymentIntentId) await payments.cancel(order.paymentIntentId).catch(() => {});
      }
    }
    if (changed > 0) await catalog.catalogChanged();
    return changed;
  };
}
