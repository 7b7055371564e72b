import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createClusterApart } from './pglite-cluster.ts';
import { PGLITE_SHARED_BUFFERS } from './pglite-memory.ts';
import * as schema from './schema/index.ts';

/** The extensions the migrations create, loaded wherever a PGlite database is opened: pg_trgm for the order search (0006). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type Schema = typeof schema;
/** One type for both drivers (a union of the two breaks `.returning()`). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a function receives when it may run inside or outside a transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** Beside this file: src/db/migrations, or in the built server dist/server/migrations (copied by scripts/build-server.mjs). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock key held while an instance migrates and seeds ("ironwake" as a number). */
const STARTUP_LOCK = 0x1a0e_3a4e;

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** The raw pg pool (PostgreSQL only), for LISTEN/NOTIFY. */
  readonly pool: pg.Pool | undefined;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other instance runs its own (a PostgreSQL advisory lock): instances starting
   * together migrate and seed one after the other. With PGlite there is one process: it just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when unset the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files, or 'memory://' for an in-memory database. */
  dataDir: string;
  /** PGlite's shared_buffers (PostgreSQL's units: 16MB, 512kB); PGLITE_SHARED_BUFFERS by default. */
  sharedBuffers?: string | undefined;
  poolSize?: number;
  /** How long a query waits for a free connection (or a new one) before it fails; 5 s by default. */
  poolTimeoutMs?: number | undefined;
}

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    // A server that is down or unreachable, or a pool busy for longer, fails a request within seconds instead of holding it.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.poolTimeoutMs ?? 5000,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    // Nor one checked out (a transaction between two queries, the startup lock): the pool listens to
    // idle clients only. Its next query fails, and it is discarded when released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const sharedBuffers = opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS;
  let dir: string | undefined;
  if (opts.dataDir !== 'memory://') {
    dir = path.join(opts.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    await createClusterApart(dir, sharedBuffers);
  }
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    pool: undefined,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    exclusive: (fn) => fn(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** Connection failures and server shutdown/startup states: the database is away, not the request wrong. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

/** Whether an error (or one it wraps) means the database server cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
