import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { checkoutReminders, mailUnsubscribes } from '#db/schema/index.ts';

/** The recovery domain's SQL: its own two tables only (docs/house.md rule 2); the orders come from their service. */

export type ReminderRow = typeof checkoutReminders.$inferSelect;

/** The advisory lock class of reminded addresses (the second key is the address's hash), as catalog/holds-repo.ts's holders. */
const ADDRESS_LOCK = 0x1a0e_4e31;

/**
 * Serialises the reminders of one address until the caller's transaction ends (a transaction-level
 * advisory lock): two sweeps at once, in one process or two instances, cannot both find the address
 * without a reminder this week and both send one.
 */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${email}))`);
}

/** The reminder of a checkout, once: false when it has one already (its primary key decides). */
export async function insertReminder(tx: Tx, orderId: number, email: string): Promise<boolean> {
  const rows = await tx
    .insert(checkoutReminders)
    .values({ orderId, email })
    .onConflictDoNothing({ target: checkoutReminders.orderId })
    .returning({ orderId: checkoutReminders.orderId });
  return rows.length > 0;
}

/** Which of these checkouts have their reminder already. */
export async function selectReminded(tx: Tx, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .select({ orderId: checkoutReminders.orderId })
    .from(checkoutReminders)
    .where(inArray(checkoutReminders.orderId, [...orderIds]));
  return new Set(rows.map((r) => r.orderId));
}

/** Which of these addresses asked for no more reminders. */
export async function selectUnsubscribed(tx: Tx, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: mailUnsubscribes.email })
    .from(mailUnsubscribes)
    .where(inArray(mailUnsubscribes.email, [...emails]));
  return new Set(rows.map((r) => r.email));
}

/** Which of these addresses were sent a reminder in the last `days` days. */
export async function selectRemindedWithin(tx: Tx, emails: readonly string[], days: number): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ email: checkoutReminders.email })
    .from(checkoutReminders)
    .where(
      and(
        inArray(checkoutReminders.email, [...emails]),
        sql`${checkoutReminders.sentAt} > now() - make_interval(days => ${days})`,
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/** The reminder's link brought its cart back: the first time is kept. */
export async function markRestored(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(checkoutReminders)
    .set({ restoredAt: sql`coalesce(${checkoutReminders.restoredAt}, now())` })
    .where(eq(checkoutReminders.orderId, orderId));
}

/** No more reminders to this address; asking again changes nothing. */
export async function insertUnsubscribe(tx: Tx, email: string): Promise<void> {
  await tx.insert(mailUnsubscribes).values({ email }).onConflictDoNothing({ target: mailUnsubscribes.email });
}

/** The reminders sent from `from` (inclusive) to `to` (exclusive), oldest first. */
export function selectSent(tx: Tx, from: Date, to: Date): Promise<ReminderRow[]> {
  return tx
    .select()
    .from(checkoutReminders)
    .where(and(gte(checkoutReminders.sentAt, from), lt(checkoutReminders.sentAt, to)))
    .orderBy(checkoutReminders.sentAt);
}
