#!/usr/bin/env node
// `npm run cluster`: several store instances on one PostgreSQL behind nginx, on loopback — the
// store as it runs scaled out. DATABASE_URL picks the PostgreSQL database (without it, a
// throwaway server is started here and removed on exit); CLUSTER_INSTANCES how many (default 2);
// PORT nginx's port (default 8080). Every other setting (.env / environment) goes to each instance.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startNginx } from './lib/nginx.mjs';
import { assertSupportedNode } from './lib/runtime.mjs';
import { SERVER_ENV, serverArgs } from './lib/server-process.mjs';
import { ensureSystemPackages, freePort, startPostgres } from './lib/system.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The instances run on this Node (process.execPath): the project's Node 24.
assertSupportedNode('npm run cluster');
const count = Number(process.env.CLUSTER_INSTANCES ?? 2);
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('CLUSTER_INSTANCES must be a whole number from 1 to 16.');
  process.exit(1);
}

ensureSystemPackages(process.env.DATABASE_URL ? ['nginx'] : ['nginx', 'postgresql'], 'npm run cluster');
if (spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

const stops = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const pg = await startPostgres();
  stops.push(async () => pg.stop());
  databaseUrl = pg.url;
  console.log(`No DATABASE_URL: a throwaway PostgreSQL server at ${pg.url} (removed when this stops).`);
}

const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data/cluster'));
fs.mkdirSync(dataDir, { recursive: true });

async function startInstance(n) {
  const own = await freePort();
  // The built server, as `npm start` runs it (build-if-needed above made it).
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(own),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      // Each instance's own folder (the mail outbox when no SMTP server is set); shared state is in PostgreSQL.
      DATA_DIR: path.join(dataDir, `instance-${n}`),
      // nginx on loopback is the proxy whose X-Forwarded-For is believed.
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stops.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  );
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`Instance ${n} stopped (${signal ?? code}); stopping the cluster.`);
      void stopAll(1);
    }
  });
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${own}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`instance ${n} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return own;
}

try {
  // Together, as a deploy would: the first to take the startup lock migrates, the others wait.
  const ports = await Promise.all(Array.from({ length: count }, (_, i) => startInstance(i + 1)));
  const nginx = await startNginx({ port, upstreams: ports });
  stops.push(() => nginx.stop());
  console.log(`\n${count} instances (ports ${ports.join(', ')}) behind nginx: ${publicUrl}`);
  console.log(`nginx configuration: ${nginx.config}. Press Ctrl+C to stop.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stopAll(1);
}
