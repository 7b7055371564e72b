import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase } from '#db/client.ts';
import { buildApp, type BuildOptions } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The database this app uses: 'pglite' (in memory) or 'postgres' (a fresh database on the test server). */
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

function pgAdminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url) {
    throw new Error('TEST_DB=pg needs TEST_PG_URL (a PostgreSQL server URL); run the suite with `npm test`, which starts one.');
  }
  return url;
}

/** A fresh, empty database on the test PostgreSQL server; dropped by the returned function. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = pgAdminUrl();
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function testConfig(env: Record<string, string>, databaseUrl: string | undefined): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://store.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
}

/** buildApp on a fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DB=pg. */
export async function createTestApp(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<TestApp> {
  const usePg = process.env.TEST_DB === 'pg';
  const created = usePg ? await createPgDatabase() : undefined;
  const app = await buildApp(testConfig(env, created?.url), { ssr: 'off', ...opts });
  return {
    app,
    driver: usePg ? 'postgres' : 'pglite',
    close: async () => {
      await app.close();
      await created?.drop();
    },
  };
}

/**
 * One database for several starts of the store in a row, as after a restart: an in-memory PGlite
 * kept open between the apps, or a new PostgreSQL database when TEST_DB=pg. Each `start` builds an
 * app with its own environment; `close` stops the last app and drops the database.
 */
export async function createRestartableStore() {
  const created = process.env.TEST_DB === 'pg' ? await createPgDatabase() : undefined;
  const embedded = created ? undefined : await openDatabase({ dataDir: 'memory://' });
  let running: FastifyInstance | undefined;
  return {
    /** Stops the app started before (if any) and starts a new one on the same database. */
    async start(env: Record<string, string> = {}): Promise<FastifyInstance> {
      await running?.close();
      running = undefined;
      const config = testConfig(env, created?.url);
      running = await buildApp(config, { ssr: 'off', ...(embedded ? { database: embedded, keepDatabaseOpen: true } : {}) });
      return running;
    },
    async close(): Promise<void> {
      await running?.close();
      await embedded?.close();
      await created?.drop();
    },
  };
}

export function newSessionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(32);
  let rand = '';
  for (const b of bytes) rand += alphabet[b % alphabet.length];
  return `session-${Date.now()}-${rand}`;
}
