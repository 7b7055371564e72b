import { and, asc, eq, inArray, not, or, sql } from 'drizzle-orm';
import { formatCents } from '#shared/money.ts';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { type AddressMatch, matchesAddress } from '#db/mailbox-sql.ts';
import { discountCodes, discountRedemptions } from '#db/schema/index.ts';

const boundTo = (m: AddressMatch) => or(matchesAddress(discountRedemptions.email, m), eq(discountRedemptions.mailbox, m.mailbox));

/** The codes' uses bound to a customer's address, for their access request (docs/decisions/0049). */
export async function customerCodeUses(db: Tx, m: AddressMatch): Promise<CustomerData['discountCodes']> {
  const rows = await db
    .select({
      code: discountCodes.code,
      orderId: discountRedemptions.orderId,
      status: discountRedemptions.status,
      amountCents: discountRedemptions.amountCents,
      at: discountRedemptions.createdAt,
    })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.discountId))
    .where(boundTo(m))
    .orderBy(asc(discountRedemptions.id));
  return rows.map((r) => ({
    code: r.code,
    orderId: r.orderId,
    status: r.status,
    amount: formatCents(r.amountCents),
    at: r.at.toISOString(),
  }));
}

/**
 * The uses keep their code, order and amount (the order's discount is money) but no longer their
 * address or mailbox, but for the checkouts kept open. A code allowed once per address may then be
 * used once more by that address: the price of not keeping it (docs/decisions/0049).
 */
export async function eraseCustomerCodeUses(tx: Tx, m: AddressMatch, keptOrderIds: number[]): Promise<number> {
  const erased = await tx
    .update(discountRedemptions)
    .set({ email: sql`null`, mailbox: sql`null` })
    .where(and(boundTo(m), keptOrderIds.length ? not(inArray(discountRedemptions.orderId, keptOrderIds)) : undefined))
    .returning({ id: discountRedemptions.id });
  return erased.length;
}
