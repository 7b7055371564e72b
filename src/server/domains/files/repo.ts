import { and, eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { storedFiles } from '#db/schema/index.ts';

export type Folder = (typeof storedFiles.$inferSelect)['folder'];

/** Writes a file; the same name again replaces it (a label redone keeps its name). */
export async function upsertFile(db: Tx, folder: Folder, name: string, data: Buffer): Promise<void> {
  await db
    .insert(storedFiles)
    .values({ folder, name, data, size: data.length })
    .onConflictDoUpdate({ target: [storedFiles.folder, storedFiles.name], set: { data, size: data.length } });
}

/** Adds a file only if its name is free (the import of files from an older disk layout). */
export async function insertFileIfAbsent(db: Tx, folder: Folder, name: string, data: Buffer): Promise<boolean> {
  const rows = await db
    .insert(storedFiles)
    .values({ folder, name, data, size: data.length })
    .onConflictDoNothing()
    .returning({ name: storedFiles.name });
  return rows.length > 0;
}

export async function selectFile(db: Tx, folder: Folder, name: string): Promise<Buffer | null> {
  const rows = await db
    .select({ data: storedFiles.data })
    .from(storedFiles)
    .where(and(eq(storedFiles.folder, folder), eq(storedFiles.name, name)))
    .limit(1);
  return rows[0]?.data ?? null;
}

export async function selectNames(db: Tx, folder: Folder): Promise<string[]> {
  const rows = await db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(eq(storedFiles.folder, folder))
    .orderBy(storedFiles.name);
  return rows.map((r) => r.name);
}
