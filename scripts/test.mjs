#!/usr/bin/env node
// The whole suite (docs/engineering.md §2): build, JS size budget, type check, lint, then the test layers of vitest.config.ts
// (unit, service, api, resilience on PGlite; pg, resilience-pg on a PostgreSQL server started here on loopback), then
// end-to-end in headless Chromium.
// It installs Chromium and PostgreSQL from Debian when missing and it runs as root; otherwise it
// fails saying what to install. It never skips a layer.
import { assertSupportedNode } from './lib/runtime.mjs';
import { ensureAvahi, ensureSystemPackages, run, startPostgres } from './lib/system.mjs';

const only = process.argv.slice(2); // e.g. `npm test -- api pg` runs just those layers (and the build they need)

const npx = (args, env = {}) => run('npx', args, { env: { ...process.env, ...env } });
const vitest = (project, env) => npx(['vitest', 'run', '--project', project], env);

// In order: the cheap checks first, then each test layer (vitest.config.ts names them), the browser last.
const layers = [
  ['build', () => run('npm', ['run', 'build', '--silent'])],
  // The storefront's initial JS per page, gzip: at most 85 KB (issue budget; see vite.config.ts, docs/decisions/0062).
  ['budget', () => run('node', ['scripts/bundle-size.mjs', '--max-kb', '85'])],
  ['typecheck', () => npx(['tsc', '--noEmit', '-p', '.'])],
  ['lint', () => npx(['biome', 'check', '.'])],
  ['unit', () => vitest('unit')],
  ['service', () => vitest('service')],
  ['api', () => vitest('api')],
  ['resilience', () => vitest('resilience')],
  ['pg', (pg) => vitest('pg', { TEST_PG_URL: pg.url })],
  ['resilience-pg', (pg) => vitest('resilience-pg', { TEST_PG_URL: pg.url })],
  ['e2e', () => npx(['playwright', 'test'])],
];
const known = layers.map(([name]) => name);
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`No such layer: ${unknown.join(', ')}. The layers: ${known.join(', ')}.`);
  process.exit(2);
}
// The build is what the API's server-rendered pages, the budget and the browser run against.
const needsBuild = !only.length || only.some((name) => !['unit', 'service', 'typecheck', 'lint'].includes(name));

// Every layer runs on this Node: npm and npx put node_modules/.bin (the project's Node 24) first on PATH.
console.log(`npm test on Node ${assertSupportedNode('npm test')} (${process.execPath})`);
ensureSystemPackages();
// The label printer's tests (api, pg, e2e) find it through Avahi.
if (needsBuild) ensureAvahi();
let pg;
const cleanup = () => pg?.stop();
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

const results = [];
for (const [name, fn] of layers) {
  if (name === 'build' ? !needsBuild : only.length && !only.includes(name)) continue;
  if (name.endsWith('pg')) pg ??= await startPostgres();
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
