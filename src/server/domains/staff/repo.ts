import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { staffInvites } from '#db/schema/index.ts';

/** The member's one open link: a new invitation replaces the one before. */
export async function upsertInvite(tx: Tx, adminUserId: number, nonceHash: string, expiresAt: Date): Promise<void> {
  await tx
    .insert(staffInvites)
    .values({ adminUserId, nonceHash, expiresAt })
    .onConflictDoUpdate({ target: staffInvites.adminUserId, set: { nonceHash, expiresAt } });
}

/** The member's open link, locked until the transaction ends (`tx` only): two uses of one link are decided in turn. */
export async function lockInvite(tx: Tx, adminUserId: number) {
  const [row] = await tx.select().from(staffInvites).where(eq(staffInvites.adminUserId, adminUserId)).for('update');
  return row;
}

export async function deleteInvite(tx: Tx, adminUserId: number): Promise<void> {
  await tx.delete(staffInvites).where(eq(staffInvites.adminUserId, adminUserId));
}
