import type { Tx } from '#db/client.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';

/**
 * A checkout's stock hold (docs/decisions/0019): the catalog holds the units, the order records
 * whether it holds them. Every function runs inside the caller's transaction.
 */
export function createOrderHolds(d: Pick<CheckoutDeps, 'catalog' | 'orders' | 'hold'>) {
  const { catalog, orders } = d;

  /** Until when a hold taken or renewed now lasts: the hold's minutes, never past the checkout's end. */
  const holdUntil = (order: Pick<Order, 'expiresAt'>) =>
    new Date(Math.min(Date.now() + d.hold.minutes * 60_000, order.expiresAt.getTime()));

  return {
    holdUntil,

    /**
     * Holds an order's items for its checkout: false when its address already holds the most it
     * may (the checkout then goes on unheld, as long as the shelf covers it: stock is taken when it
     * is paid). Throws 409 when the shelf cannot cover it.
     */
    async take(
      tx: Tx,
      order: Order,
      holder: string,
      lines: readonly { productId: number; name: string; quantity: number }[],
    ): Promise<boolean> {
      const outcome = await catalog.holds.hold(tx, {
        orderId: order.id,
        lines,
        holder,
        sessionId: order.sessionId,
        heldUntil: holdUntil(order),
        endsAt: order.expiresAt,
        maxUnitsPerHolder: d.hold.maxUnitsPerAddress,
      });
      const held = outcome === 'held';
      if (!held) await catalog.holds.ensureAvailable(tx, lines);
      if (held !== !order.stockReleasedAt) await orders.setHeld(tx, order.id, held);
      return held;
    },

    /** Puts back the stock an unpaid order holds (`checkout_replaced`: its cart started a new checkout). */
    async release(tx: Tx, order: Order, reason?: 'checkout_replaced'): Promise<void> {
      await catalog.holds.release(tx, order.id, reason);
      await orders.setHeld(tx, order.id, false);
    },
  };
}

export type OrderHolds = ReturnType<typeof createOrderHolds>;
