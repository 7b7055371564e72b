import { asc, inArray } from 'drizzle-orm';
import type { CustomerData } from '#shared/privacy.ts';
import type { Tx } from '#db/client.ts';
import { returnRequests } from '#db/schema/index.ts';

/** The returns asked on a customer's orders, for their access request (docs/decisions/0049). */
export async function customerReturns(db: Tx, orderIds: number[]): Promise<CustomerData['returns']> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, orderIds))
    .orderBy(asc(returnRequests.id));
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The shopper's own words on the returns of erased orders go; what was returned and refunded stays. */
export async function eraseCustomerReturns(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(returnRequests).set({ reason: ERASED_REASON }).where(inArray(returnRequests.orderId, orderIds));
}

export const ERASED_REASON = 'Erased at the customer’s request';
