import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { PGLITE_EXTENSIONS } from '#db/client.ts';
import { runningEmbeddedStore } from './running-store.ts';

/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file>`: the whole store (orders, catalog,
 * reviews, analytics, uploaded images and labels: everything is in the database, ADR 0015).
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format (`.pgdump`), restored with pg_restore
 *   (`--clean`: the database's tables are replaced by the backup's). Safe while the store runs;
 *   restart the instances after a restore so no cache outlives it.
 * - Embedded PGlite (DATA_DIR): the data folder as a `.tar.gz`. The store must be stopped: one
 *   process at a time may open it. A restore keeps the folder it replaces beside it.
 */
const USAGE = 'usage: npm run backup [-- <file>]   |   npm run restore -- <file>';

class CliError extends Error {}

const stamp = () => new Date().toISOString().replace(/[:T]/g, '-').replace(/\..*$/, '');

/** The embedded database must not be open in a running store while its folder is copied or replaced. */
async function refuseWhileRunning(config: Config): Promise<void> {
  const running = await runningEmbeddedStore(config);
  if (running) throw new CliError(running);
}

function tool(name: 'pg_dump' | 'pg_restore', args: string[]): void {
  const r = spawnSync(name, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) throw new CliError(`${name} is not installed (Debian: apt-get install postgresql-client).`);
  if (r.status !== 0) throw new CliError(`${name} failed (exit ${r.status}); nothing was changed by this command.`);
}

async function backup(config: Config, target: string | undefined): Promise<string> {
  if (config.dataDir === 'memory://' && !config.databaseUrl) throw new CliError('An in-memory store has nothing to back up.');
  const ext = config.databaseUrl ? '.pgdump' : '.pglite.tar.gz';
  const file = path.resolve(target ?? path.join('backups', `store-${stamp()}${ext}`));
  if (!file.endsWith(ext)) throw new CliError(`The backup file's name must end in ${ext}.`);
  if (fs.existsSync(file)) throw new CliError(`${file} exists already; choose another name.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (config.databaseUrl) {
    tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${config.databaseUrl}`]);
    return file;
  }
  await refuseWhileRunning(config);
  const dir = path.join(config.dataDir, 'db');
  if (!fs.existsSync(dir)) throw new CliError(`There is no database in ${config.dataDir} yet.`);
  const db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    await db.waitReady; // dumpDataDir before the database is ready never settles
    const tarball = await db.dumpDataDir('gzip');
    const tmp = `${file}.part`;
    fs.writeFileSync(tmp, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await db.close();
  }
  return file;
}

async function restore(config: Config, source: string | undefined): Promise<string> {
  if (!source) throw new CliError(USAGE);
  const file = path.resolve(source);
  if (!fs.existsSync(file)) throw new CliError(`There is no file ${file}.`);
  if (config.databaseUrl) {
    if (!file.endsWith('.pgdump')) throw new CliError('With DATABASE_URL set, restore a .pgdump file (made by npm run backup).');
    tool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
    return 'Restored. Restart every instance of the store so none serves what it cached before.';
  }
  if (config.dataDir === 'memory://') throw new CliError('An in-memory store cannot be restored into.');
  if (!file.endsWith('.pglite.tar.gz'))
    throw new CliError('Without DATABASE_URL, restore a .pglite.tar.gz file (made by npm run backup).');
  await refuseWhileRunning(config);
  const dir = path.join(config.dataDir, 'db');
  const fresh = `${dir}.restoring`;
  fs.rmSync(fresh, { recursive: true, force: true });
  // Unpacked and checked beside the current database first: a bad file leaves the store as it was.
  const db = new PGlite(fresh, { loadDataDir: new Blob([fs.readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
  try {
    await db.waitReady;
    await db.query('select count(*) from orders');
  } catch (err) {
    await db.close().catch(() => {});
    fs.rmSync(fresh, { recursive: true, force: true });
    throw new CliError(`${file} is not a store backup that can be opened (${err instanceof Error ? err.message : err}).`);
  }
  await db.close();
  let kept = '';
  if (fs.existsSync(dir)) {
    kept = `${dir}.before-restore-${stamp()}`;
    fs.renameSync(dir, kept);
  }
  fs.renameSync(fresh, dir);
  return kept ? `Restored. The database it replaced is kept in ${kept}.` : 'Restored.';
}

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig();
    if (command === 'backup') console.log(`Backed up to ${await backup(config, file)}`);
    else console.log(await restore(config, file));
    return 0;
  } catch (err) {
    if (err instanceof CliError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
