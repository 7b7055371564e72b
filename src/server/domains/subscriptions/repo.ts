import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { subscriptionEvents, subscriptionItems, subscriptions } from '#db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A new subscription with its items and its 'created' event, once per first order: when that order
 * has one already (a completion run twice), nothing is written and the existing one is answered.
 */
export async function insertSubscription(
  tx: Tx,
  v: typeof subscriptions.$inferInsert,
  items: readonly { productId: number; name: string; quantity: number }[],
  event: { detail: string; orderId: number },
): Promise<{ row: SubscriptionRow; created: boolean }> {
  const [row] = await tx.insert(subscriptions).values(v).onConflictDoNothing({ target: subscriptions.firstOrderId }).returning();
  if (!row) {
    const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.firstOrderId, v.firstOrderId)).limit(1);
    if (!existing) throw new Error('subscription neither inserted nor found');
    return { row: existing, created: false };
  }
  await tx.insert(subscriptionItems).values(items.map((i) => ({ ...i, subscriptionId: row.id })));
  await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, kind: 'created', actor: 'shopper', ...event });
  return { row, created: true };
}
