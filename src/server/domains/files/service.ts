import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, Tx } from '#db/client.ts';
import * as repo from './repo.ts';

/**
 * Files the store keeps (uploaded product images, label PDFs), in the database: every instance
 * behind a load balancer reads what another wrote, and a database backup holds them all (ADR 0015).
 * Names are made by the server, never by a user.
 */
export interface FileStore {
  /** Within `tx` when given: files written with other rows are kept or dropped with them. */
  save(name: string, data: Buffer, tx?: Tx): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  list(): Promise<string[]>;
}

export type { Folder } from './repo.ts';
export { deleteOrderLabels } from './customer-privacy.ts';

export function createFileStore(db: Database, folder: repo.Folder): FileStore {
  return {
    save: (name, data, tx) => repo.upsertFile(tx ?? db, folder, name, data),
    read: (name) => repo.selectFile(db, folder, name),
    list: () => repo.selectNames(db, folder),
  };
}

/**
 * Stores kept their files in `DATA_DIR/uploads` and `DATA_DIR/labels` before; those files are
 * copied into the database once (names already there are left alone). Returns how many were copied.
 */
export async function importFilesFromDisk(db: Database, dataDir: string, folder: repo.Folder): Promise<number> {
  if (dataDir === 'memory://') return 0;
  const dir = path.join(dataDir, folder);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));
  let copied = 0;
  for (const name of names) {
    const data = await fs.readFile(path.join(dir, name)).catch(() => null);
    if (data && (await repo.insertFileIfAbsent(db, folder, name, data))) copied += 1;
  }
  return copied;
}
