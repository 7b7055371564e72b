import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { serverSecrets } from '#db/schema/index.ts';

/**
 * The secret called `name`: made from 32 random bytes the first time any instance asks, then the
 * same for every instance (it is in the database, and in its backups). Call it under the startup
 * lock; the insert is conditional anyway, so two first starts agree on one value.
 */
export async function ensureSecret(db: Tx, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} was not stored`);
  return Buffer.from(row.value, 'hex');
}
