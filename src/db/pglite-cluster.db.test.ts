import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createClusterApart } from './pglite-cluster.ts';
import { PGLITE_SHARED_BUFFERS } from './pglite-memory.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-cluster-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the embedded database created in a process of its own', () => {
  it('creates a cluster in an empty folder, which PGlite then opens and keeps data in', async () => {
    const dir = path.join(work, 'fresh');
    fs.mkdirSync(dir);
    await createClusterApart(dir, PGLITE_SHARED_BUFFERS);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

    const db = new PGlite({ dataDir: dir });
    await db.exec(`create table kept (note text); insert into kept values ('written after the cluster was made')`);
    await db.close();
    // A second call finds the cluster and leaves it as it is.
    await createClusterApart(dir, PGLITE_SHARED_BUFFERS);
    const again = new PGlite({ dataDir: dir });
    expect((await again.query<{ note: string }>('select note from kept')).rows).toEqual([
      { note: 'written after the cluster was made' },
    ]);
    await again.close();
  }, 60_000);

  it("is what the store's first start on an empty data folder goes through: migrated, and open on the cluster made apart", async () => {
    const dataDir = path.join(work, 'store');
    const database = await openDatabase({ dataDir });
    try {
      expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      await database.migrate();
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('fails with the reason when the folder cannot be written, and leaves no half-made database behind', async () => {
    const blocker = path.join(work, 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const dir = path.join(blocker, 'db');
    await expect(createClusterApart(dir, PGLITE_SHARED_BUFFERS)).rejects.toThrow(
      /^Could not create the database in .*a-file\/db \(exit \d+\): \S/,
    );
    expect(fs.readFileSync(blocker, 'utf8')).toBe('not a folder');
  }, 60_000);
});
