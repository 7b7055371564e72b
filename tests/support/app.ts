import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

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

/** buildApp on a fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DB=pg. */
export async function createTestApp(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<TestApp> {
  const usePg = process.env.TEST_DB === 'pg';
  const created = usePg ? await createPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://store.test',
    ...(created ? { DATABASE_URL: created.url } : {}),
    ...env,
  });
  const app = await buildApp(config, { ssr: 'off', ...opts });
  return {
    app,
    driver: usePg ? 'postgres' : 'pglite',
    close: async () => {
      await app.close();
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
