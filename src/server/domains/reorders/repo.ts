import { and, gte, inArray, lt } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { reorderReminders, reorderVisits } from '#db/schema/index.ts';

/** The reorders domain's SQL: its own two tables only (docs/house.md rule 2); the orders come from their service. */

export type ReorderReminderRow = typeof reorderReminders.$inferSelect;
export type ReorderVisitRow = typeof reorderVisits.$inferSelect;

/** The reminder of an order, once: false when it has one already (its primary key decides). */
export async function insertReminder(tx: Tx, orderId: number, email: string): Promise<boolean> {
  const rows = await tx
    .insert(reorderReminders)
    .values({ orderId, email })
    .onConflictDoNothing({ target: reorderReminders.orderId })
    .returning({ orderId: reorderReminders.orderId });
  return rows.length > 0;
}

/** Which of these orders have their reminder already. */
export async function selectReminded(tx: Tx, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .select({ orderId: reorderReminders.orderId })
    .from(reorderReminders)
    .where(inArray(reorderReminders.orderId, [...orderIds]));
  return new Set(rows.map((r) => r.orderId));
}

/** The cart a reminder's link filled; opening it again from the same cart keeps the first time. */
export async function insertVisit(tx: Tx, reminderOrderId: number, sessionHash: string): Promise<void> {
  await tx.insert(reorderVisits).values({ reminderOrderId, sessionHash }).onConflictDoNothing();
}

/** The reminders sent from `from` (inclusive) to `to` (exclusive). */
export function selectSent(tx: Tx, from: Date, to: Date): Promise<ReorderReminderRow[]> {
  return tx
    .select()
    .from(reorderReminders)
    .where(and(gte(reorderReminders.sentAt, from), lt(reorderReminders.sentAt, to)));
}

/** The carts the links filled from `from` (inclusive) to `to` (exclusive). */
export function selectVisits(tx: Tx, from: Date, to: Date): Promise<ReorderVisitRow[]> {
  return tx
    .select()
    .from(reorderVisits)
    .where(and(gte(reorderVisits.at, from), lt(reorderVisits.at, to)));
}
