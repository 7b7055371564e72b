import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { subscriptionEvents, subscriptionItems, subscriptions } from '#db/schema/index.ts';
import type { SubscriptionEventActor } from '#shared/subscription-states.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;
export type SubscriptionSet = Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'firstOrderId' | 'createdAt'>>;

export async function selectSubscription(db: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

/** The row, locked until the caller's transaction ends: one change at a time per subscription. */
export async function lockSubscription(tx: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update').limit(1);
  return row;
}

export async function updateSubscription(tx: Tx, id: number, set: SubscriptionSet): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export function selectItems(db: Tx, ids: readonly number[]): Promise<SubscriptionItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subscriptionItems)
    .where(inArray(subscriptionItems.subscriptionId, [...ids]))
    .orderBy(subscriptionItems.subscriptionId, subscriptionItems.productId);
}

/** The newest events first; `limit` of them, or all. */
export function selectEvents(db: Tx, id: number, limit?: number): Promise<SubscriptionEventRow[]> {
  const q = db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, id))
    .orderBy(desc(subscriptionEvents.id));
  return limit === undefined ? q : q.limit(limit);
}

export async function insertEvent(
  tx: Tx,
  e: { subscriptionId: number; kind: string; detail: string; actor: SubscriptionEventActor; orderId?: number | null },
): Promise<void> {
  await tx.insert(subscriptionEvents).values({ ...e, orderId: e.orderId ?? null });
}

/** When the subscription last renewed (its newest renewal event); undefined before its first renewal. */
export async function selectLastRenewalAt(tx: Tx, id: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ at: subscriptionEvents.createdAt })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subscriptionId, id), eq(subscriptionEvents.kind, 'renewed')))
    .orderBy(desc(subscriptionEvents.id))
    .limit(1);
  return row?.at;
}

/** The subscription an order started (its first order) or renews; not an erased one. */
export async function selectOfOrder(db: Tx, orderId: number, subscriptionId: number | null): Promise<number | undefined> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.erasedAt),
        subscriptionId === null
          ? eq(subscriptions.firstOrderId, orderId)
          : or(eq(subscriptions.id, subscriptionId), eq(subscriptions.firstOrderId, orderId)),
      ),
    )
    .limit(1);
  return row?.id;
}
