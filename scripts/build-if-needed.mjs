#!/usr/bin/env node
// Before `npm start` (and, with --server, before `npm run admin`, `backup`, `restore` and `seed:demo`): builds what
// is missing or older than its sources (the storefront with Vite, the server with esbuild), so that
// `npm install && npm start` works on a fresh clone. In a production install (`npm prune
// --omit=dev`) the build tools are gone: the existing build is used as it is, and a missing one is
// reported with the command that makes it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assertSupportedNode } from './lib/runtime.mjs';

const serverOnly = process.argv.includes('--server');
assertSupportedNode(serverOnly ? 'This command' : 'npm start');
const root = path.resolve(import.meta.dirname, '..');
const at = (p) => path.join(root, p);

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** A build: the files that show it is there, and the sources it is made from. */
const storefront = {
  name: 'the storefront',
  outputs: ['dist/client/index.html', 'dist/client/.vite/manifest.json', 'dist/ssr/entry-server.js'],
  sources: ['src/client', 'src/shared', 'src/content', 'index.html', 'vite.config.ts'],
};
const server = {
  name: 'the server',
  outputs: ['dist/server/main.js', 'dist/server/admin.js', 'dist/server/backup.js', 'dist/server/seed-demo.js'],
  sources: ['src/server', 'src/db', 'src/shared', 'src/content', 'scripts/build-server.mjs', 'package.json'],
};

function state(build) {
  if (!build.outputs.every((f) => fs.existsSync(at(f)))) return 'missing';
  const built = Math.min(...build.outputs.map((f) => fs.statSync(at(f)).mtimeMs));
  return Math.max(...build.sources.map((s) => newestMtime(at(s)))) > built ? 'stale' : 'fresh';
}

const wanted = serverOnly ? [server] : [storefront, server];
const states = new Map(wanted.map((b) => [b, state(b)]));
const needed = wanted.filter((b) => states.get(b) !== 'fresh');
if (needed.length === 0) process.exit(0);

const toolsInstalled = ['vite', 'esbuild'].every((p) => fs.existsSync(at(`node_modules/${p}/package.json`)));
if (!toolsInstalled) {
  const missing = needed.filter((b) => states.get(b) === 'missing');
  if (missing.length > 0) {
    console.error(
      `${missing.map((b) => b.name).join(' and ')} is not built, and the build tools are not installed (a production install).\n` +
        'Build where the devDependencies are: npm ci && npm run build && npm prune --omit=dev',
    );
    process.exit(1);
  }
  console.error(`Note: ${needed.map((b) => b.name).join(' and ')} is older than its sources; running the build as it is.`);
  process.exit(0);
}

const onlyServer = !needed.includes(storefront);
// dist/ is production's build whoever asks for it: under NODE_ENV=test (a test runner) Vite would
// compile the page renderer's JSX for development, which the production server cannot run.
const env = { ...process.env, NODE_ENV: 'production' };
console.log(onlyServer ? 'Building the server…' : 'Building the storefront and the server…');
const r = onlyServer
  ? spawnSync(process.execPath, [at('scripts/build-server.mjs')], { cwd: root, stdio: 'inherit', env })
  : spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env });
if (r.status !== 0) process.exit(r.status ?? 1);
