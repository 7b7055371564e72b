import { and, asc, inArray, not } from 'drizzle-orm';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { reorderReminders, reorderVisits } from '#db/schema/index.ts';

/** The reorder reminders sent to a customer and when their links filled a cart, for their access requests (docs/decisions/0049, 0051). */
export async function customerReorderReminders(db: Tx, m: AddressMatch): Promise<CustomerData['reorderReminders']> {
  const sent = await db
    .select()
    .from(reorderReminders)
    .where(matchesAddress(reorderReminders.email, m))
    .orderBy(asc(reorderReminders.sentAt));
  if (sent.length === 0) return [];
  const visits = await db
    .select()
    .from(reorderVisits)
    .where(
      inArray(
        reorderVisits.reminderOrderId,
        sent.map((r) => r.orderId),
      ),
    )
    .orderBy(asc(reorderVisits.at));
  return sent.map((r) => ({
    orderId: r.orderId,
    sentAt: r.sentAt.toISOString(),
    linkOpenedAt: visits.filter((v) => v.reminderOrderId === r.orderId).map((v) => v.at.toISOString()),
  }));
}

/**
 * The reorder reminders sent to the address go with the visits of their links, but for the orders
 * kept open (their one reminder stays one). Returns how many rows went.
 */
export async function eraseCustomerReorderReminders(tx: Tx, m: AddressMatch, keptOrderIds: number[]): Promise<number> {
  const gone = await tx
    .delete(reorderReminders)
    .where(
      and(
        matchesAddress(reorderReminders.email, m),
        keptOrderIds.length ? not(inArray(reorderReminders.orderId, keptOrderIds)) : undefined,
      ),
    )
    .returning({ id: reorderReminders.orderId });
  if (gone.length === 0) return 0;
  const visits = await tx
    .delete(reorderVisits)
    .where(
      inArray(
        reorderVisits.reminderOrderId,
        gone.map((g) => g.id),
      ),
    )
    .returning({ id: reorderVisits.reminderOrderId });
  return gone.length + visits.length;
}
