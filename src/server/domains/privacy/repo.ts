import { asc, eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { privacyErasures } from '#db/schema/index.ts';

/** The privacy domain's SQL: its record of erasures (docs/decisions/0049). */

export async function insertErasure(tx: Tx, addressHash: string, erasedBy: string): Promise<void> {
  await tx.insert(privacyErasures).values({ addressHash, erasedBy });
}

export async function selectErasures(db: Tx, addressHash: string): Promise<{ at: Date; by: string }[]> {
  return db
    .select({ at: privacyErasures.erasedAt, by: privacyErasures.erasedBy })
    .from(privacyErasures)
    .where(eq(privacyErasures.addressHash, addressHash))
    .orderBy(asc(privacyErasures.id));
}
