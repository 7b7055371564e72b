import { and, asc, inArray } from 'drizzle-orm';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { mailOutbox } from '#db/schema/index.ts';

/** The outbox kind of "E-mail me my order links" (order-status domain). */
const ORDER_LINKS = 'order_links';
const FINISHED = ['sent', 'failed', 'expired'] as const;

/** The e-mails to a customer's address, for their access request (docs/decisions/0049): what, when, not their bodies. */
export async function customerEmails(db: Tx, m: AddressMatch): Promise<Pick<CustomerData, 'emails' | 'lookups'>> {
  const rows = await db
    .select({
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(matchesAddress(mailOutbox.toAddress, m))
    .orderBy(asc(mailOutbox.id));
  const emails = rows.map((r) => ({
    kind: r.kind,
    subject: r.subject,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  }));
  return {
    emails,
    lookups: emails.filter((e) => e.kind === ORDER_LINKS).map(({ kind: _kind, ...e }) => e),
  };
}

/**
 * The finished e-mails to the address keep only their kind and times (their bodies went when they
 * were sent); those still to send are left to go out (an open order's confirmation).
 */
export async function eraseCustomerEmails(tx: Tx, m: AddressMatch): Promise<number> {
  const erased = await tx
    .update(mailOutbox)
    .set({ toAddress: '', subject: '', textBody: '', htmlBody: '', headers: null })
    .where(and(matchesAddress(mailOutbox.toAddress, m), inArray(mailOutbox.status, [...FINISHED])))
    .returning({ id: mailOutbox.id });
  return erased.length;
}
