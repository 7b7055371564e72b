import type { OrderEvent, OrderEventType } from '#shared/order-events.ts';
import type { Tx } from '#db/client.ts';
import * as repo from './history-repo.ts';

/** Who did what happened: the shopper, the store itself, the payment provider, the carrier, or the admin by name. */
export type Actor = 'shopper' | 'store' | 'payment provider' | 'carrier' | { admin: string };

/** How the history names an actor: the admin by name, anyone else by what they are. */
export const actorName = (a: Actor): string => (typeof a === 'string' ? a : a.admin);

/**
 * Records one event of an order's history, in the caller's transaction when it passes one. The
 * shopper's line, when given, is what their order page shows of it; the owner reads `message`.
 * `at` is when it happened when that was not now (a carrier's scan).
 */
export async function recordEvent(
  tx: Tx,
  orderId: number,
  type: OrderEventType,
  message: string,
  actor: Actor,
  shopperMessage: string | null = null,
  at?: Date,
): Promise<OrderEvent> {
  return toOrderEvent(
    await repo.insertEvent(tx, { orderId, type, message, actor: actorName(actor), shopperMessage, ...(at ? { at } : {}) }),
  );
}

/** One event of an order's history, as `recordEvents` takes them. */
export interface NewEvent {
  orderId: number;
  type: OrderEventType;
  message: string;
  actor: Actor;
  shopperMessage?: string | null;
  at?: Date;
}

/** Records several events in one statement (a carrier's scans), in the caller's transaction. */
export async function recordEvents(tx: Tx, events: readonly NewEvent[]): Promise<void> {
  await repo.insertEvents(
    tx,
    events.map((e) => ({
      orderId: e.orderId,
      type: e.type,
      message: e.message,
      actor: actorName(e.actor),
      shopperMessage: e.shopperMessage ?? null,
      ...(e.at ? { at: e.at } : {}),
    })),
  );
}

export const toOrderEvent = (e: repo.OrderEventRow): OrderEvent => ({
  id: e.id,
  at: e.at.toISOString(),
  type: e.type,
  message: e.message,
  actor: e.actor,
});
