import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates PGlite's database cluster in `dir` when it holds none (no PG_VERSION, PGlite's own test),
 * in a Node process of its own that exits when the cluster is written. PGlite creates a cluster in a
 * second, temporary PostgreSQL and copies its files over: in the store's process that left about
 * 50 MiB with the C library's allocator for the process's whole life (233 MiB once answering against
 * 182 after a restart; docs/decisions/0060). The store then opens the folder as it does on a restart.
 * `sharedBuffers` is the store's own setting: at PostgreSQL's default the child peaks 110 MiB higher.
 */
export async function createClusterApart(dir: string, sharedBuffers: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  // The package as this module resolves it, so the child loads the same PGlite from sources or the build.
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = [
    'const [, url, dataDir, buffers] = process.argv;',
    'const { PGlite } = await import(url);',
    "const db = new PGlite({ dataDir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=' + buffers] });",
    'await db.waitReady;',
    'await db.close();',
  ].join('\n');
  const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '-e', script, pglite, dir, sharedBuffers], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 4000) stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, signal) => resolve(signal ? null : exitCode));
  });
  if (code !== 0)
    throw new Error(`Could not create the database in ${dir} (exit ${code ?? 'by signal'}): ${stderr.trim() || 'no output'}`);
}
