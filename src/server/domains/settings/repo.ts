import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { storeSettings } from '#db/schema/index.ts';

export type SettingsRow = typeof storeSettings.$inferSelect;

/** Writes the first settings when there are none; an existing row is kept as it is. */
export async function insertDefaults(db: Tx, v: Omit<typeof storeSettings.$inferInsert, 'id'>): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ id: 1, ...v })
    .onConflictDoNothing();
}

export async function selectSettings(db: Tx): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return row;
}

export async function updateSettings(db: Tx, v: Partial<Omit<typeof storeSettings.$inferInsert, 'id'>>): Promise<SettingsRow> {
  const [row] = await db
    .update(storeSettings)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(storeSettings.id, 1))
    .returning();
  if (!row) throw new Error('settings not updated');
  return row;
}
