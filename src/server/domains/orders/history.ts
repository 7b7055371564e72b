import type { OrderEvent, OrderEventType } from '#shared/order-events.ts';
import type { Tx } from '#db/client.ts';
import * as repo from './repo.ts';

/** Who did what happened: the shopper, the store itself, the payment provider, or the admin by name. */
export type Actor = 'shopper' | 'store' | 'payment provider' | { admin: string };

const actorName = (a: Actor) => (typeof a === 'string' ? a : a.admin);

/** Records one event of an order's history, in the caller's transaction when it passes one. */
export async function recordEvent(
  tx: Tx,
  orderId: number,
  type: OrderEventType,
  message: string,
  actor: Actor,
): Promise<OrderEvent> {
  return toOrderEvent(await repo.insertEvent(tx, { orderId, type, message, actor: actorName(actor) }));
}

export const toOrderEvent = (e: repo.OrderEventRow): OrderEvent => ({
  id: e.id,
  at: e.at.toISOString(),
  type: e.type,
  message: e.message,
  actor: e.actor,
});
