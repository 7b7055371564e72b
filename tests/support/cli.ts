import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase } from './app.ts';
import { freePort } from './store-process.ts';

/**
 * A command-line tool's surroundings on the database the suite runs on: a work folder, the store's
 * environment (a fresh PostgreSQL database under TEST_DB=pg, else PGlite in the folder's `data`),
 * and a port where no store answers (the tools that need the embedded store stopped ask it).
 */
export async function cliSurroundings(name: string): Promise<{
  usePg: boolean;
  work: string;
  env: Record<string, string>;
  /** Runs `src/server/cli/<file>` with these arguments and the environment (plus `overrides`). */
  run(file: string, args: string[], overrides?: Record<string, string>): { code: number | null; out: string };
  close(): Promise<void>;
}> {
  const usePg = process.env.TEST_DB === 'pg';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `store-${name}-`));
  const db = usePg ? await createPgDatabase() : undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://store.test',
    DATA_DIR: path.join(work, 'data'),
    PORT: String(await freePort()),
    ...(db ? { DATABASE_URL: db.url } : {}),
  };
  return {
    usePg,
    work,
    env,
    run(file, args, overrides = {}) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', `src/server/cli/${file}`, ...args], {
        env: { ...process.env, ...env, ...overrides },
        encoding: 'utf8',
      });
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    },
    async close() {
      await db?.drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
