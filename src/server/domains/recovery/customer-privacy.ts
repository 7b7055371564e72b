import { and, asc, inArray, not } from 'drizzle-orm';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { checkoutReminders, mailUnsubscribes } from '#db/schema/index.ts';

/** The reminders sent to a customer and their opt-out, for their access and deletion requests (docs/decisions/0049). */
export async function customerReminders(db: Tx, m: AddressMatch): Promise<Pick<CustomerData, 'reminders' | 'reminderOptOut'>> {
  const [sent, optOuts] = await Promise.all([
    db.select().from(checkoutReminders).where(matchesAddress(checkoutReminders.email, m)).orderBy(asc(checkoutReminders.sentAt)),
    db.select().from(mailUnsubscribes).where(matchesAddress(mailUnsubscribes.email, m)).orderBy(asc(mailUnsubscribes.createdAt)),
  ]);
  const optOut = optOuts[0];
  return {
    reminders: sent.map((r) => ({
      orderId: r.orderId,
      sentAt: r.sentAt.toISOString(),
      restoredAt: r.restoredAt ? r.restoredAt.toISOString() : null,
    })),
    reminderOptOut: optOut ? { at: optOut.createdAt.toISOString() } : null,
  };
}

/**
 * The reminders sent to the address go, but for the checkouts kept open (their one reminder stays
 * one). The opt-out stays: it is what keeps the address from being reminded again.
 */
export async function eraseCustomerReminders(tx: Tx, m: AddressMatch, keptOrderIds: number[]): Promise<number> {
  const gone = await tx
    .delete(checkoutReminders)
    .where(
      and(
        matchesAddress(checkoutReminders.email, m),
        keptOrderIds.length ? not(inArray(checkoutReminders.orderId, keptOrderIds)) : undefined,
      ),
    )
    .returning({ id: checkoutReminders.orderId });
  return gone.length;
}
