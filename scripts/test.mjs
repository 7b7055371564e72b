#!/usr/bin/env node
// The whole suite (DESIGN §2): build, JS size budget, type check, lint, unit + API integration on PGlite and on a
// PostgreSQL server started here on loopback, then end-to-end in headless Chromium.
// It installs Chromium and PostgreSQL from Debian when missing and it runs as root; otherwise it
// fails saying what to install. It never skips a layer.
import { assertSupportedNode } from './lib/runtime.mjs';
import { ensureAvahi, ensureSystemPackages, run, startPostgres } from './lib/system.mjs';

const only = process.argv.slice(2); // e.g. `npm test -- vitest` runs just that layer

const npx = (args, env = {}) => run('npx', args, { env: { ...process.env, ...env } });

const layers = [
  ['build', () => run('npm', ['run', 'build', '--silent'])],
  // The storefront's initial JS per page, gzip: at most 100 KB (issue budget; see vite.config.ts).
  ['budget', () => run('node', ['scripts/bundle-size.mjs', '--max-kb', '100'])],
  ['typecheck', () => npx(['tsc', '--noEmit', '-p', '.'])],
  ['lint', () => npx(['biome', 'check', '.'])],
  ['vitest', (pg) => npx(['vitest', 'run'], { TEST_PG_URL: pg.url })],
  ['e2e', () => npx(['playwright', 'test'])],
];
// Only when named (`npm run test:resilience`): the load and fault tests alone, on both databases.
// `npm test` runs them too, inside the vitest layer.
const ondemand = [['resilience', (pg) => npx(['vitest', 'run', 'tests/resilience'], { TEST_PG_URL: pg.url })]];

// Every layer runs on this Node: npm and npx put node_modules/.bin (the project's Node 24) first on PATH.
console.log(`npm test on Node ${assertSupportedNode('npm test')} (${process.execPath})`);
ensureSystemPackages();
let pg;
const cleanup = () => pg?.stop();
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

const results = [];
for (const [name, fn] of [...layers, ...ondemand]) {
  const named = only.includes(name);
  if (ondemand.some(([n]) => n === name) ? !named : only.length && !named && name !== 'build') continue;
  if ((name === 'vitest' || name === 'resilience') && !pg) {
    pg = await startPostgres();
    ensureAvahi();
  }
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await fn(pg);
  results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (name === 'build' && code !== 0) break;
}
cleanup();

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`layers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
