// What the owner-facing benchmarks share: the store built in this process with an admin signed in,
// requests timed through its handlers, and an export read as it streams over a real socket.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const ADMIN = { username: 'bench', password: 'bench-password-123' };

/** The store on `databaseUrl`'s PostgreSQL, or on PGlite in `dataDir` (in memory by default), with an admin's session cookie. */
export async function adminApp(db: {
  databaseUrl?: string | undefined;
  dataDir?: string;
}): Promise<{ app: FastifyInstance; cookie: string }> {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: db.dataDir ?? 'memory://',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://store.test',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    }),
    { ssr: 'off' },
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: 'http://store.test' },
    payload: ADMIN,
  });
  if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
  return { app, cookie: String(login.headers['set-cookie']).split(';')[0] ?? '' };
}

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? Number.NaN;

/** The p95 of `runs` GETs of `url` (after `warmUp` more that are not counted), ms; throws on any answer but 200. */
export async function timeGets(app: FastifyInstance, cookie: string, url: string, runs: number, warmUp = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + warmUp; i++) {
    const started = performance.now();
    const res = await app.inject({ url, headers: { cookie } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= warmUp) times.push(ms);
  }
  return p95(times);
}

export interface Streamed {
  ok: boolean;
  lines: number;
  mib: number;
  seconds: number;
  /** How much the process's resident memory grew at most while it streamed, MiB. */
  grewMiB: number;
}

/** Reads a CSV export from the listening store as it streams, sampling the process's memory meanwhile. */
export async function streamExport(address: string, path: string, cookie: string): Promise<Streamed> {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const res = await fetch(`${address}${path}`, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body ?? []) {
    bytes += chunk.byteLength;
    // Counted by \n alone: a chunk may end between \r and \n.
    lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { ok: res.ok, lines: lines - 1, mib: bytes / 1024 / 1024, seconds, grewMiB: (rssPeak - rssBefore) / 1024 / 1024 };
}
