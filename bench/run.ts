// `npm run bench`: the store's figures, each measured side by side in one run on this machine, then
// printed as a table and written to bench/results/latest.json. How to read them: bench/README.md.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import { CHROMIUM, CHROMIUM_FLAGS, ensureSystemPackages, type PostgresCluster, startPostgres } from '../scripts/lib/system.mjs';
import { type StoreServer, startStore } from '../tests/support/store-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 100;
const SHOPPERS = 16;

type Driver = 'pglite' | 'postgres';
const log = (line: string) => process.stderr.write(`${line}\n`);

// ── load ─────────────────────────────────────────────────────────────────────────────────────────

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function cannon(url: string, connections = CONNECTIONS): Promise<Load> {
  const r = await autocannon({ url, connections, duration: SECONDS });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/** Interleaved rounds (a, b, a, b) so that a drift of the machine weighs on both alike. */
async function sideBySide(a: string, b: string): Promise<[Load, Load]> {
  const runs: Load[][] = [[], []];
  for (let round = 0; round < 2; round++) {
    runs[0]!.push(await cannon(a));
    runs[1]!.push(await cannon(b));
  }
  const mean = (xs: Load[]): Load => ({
    rps: Math.round(xs.reduce((s, x) => s + x.rps, 0) / xs.length),
    p99: Math.max(...xs.map((x) => x.p99)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
  });
  return [mean(runs[0]!), mean(runs[1]!)];
}

interface Mix {
  journeysPerSecond: number;
  requestsPerSecond: number;
  p95: number;
  errors: number;
}

/**
 * Shoppers (SHOPPERS at once) each going round: home page, product page, add to cart, checkout,
 * shipping details, test card payment, order completion, confirmation. Every step must succeed.
 */
async function shoppingMix(base: string): Promise<Mix> {
  const latencies: number[] = [];
  let journeys = 0;
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const step = async (method: string, pathname: string, body?: unknown): Promise<Record<string, unknown> | null> => {
    const started = performance.now();
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => null);
    const text = res ? await res.text() : '';
    latencies.push(performance.now() - started);
    if (!res || res.status >= 300) {
      errors++;
      return null;
    }
    return res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const shopper = async (n: number) => {
    for (let i = 0; Date.now() < end; i++) {
      const sessionId = `session-${Date.now()}-bench${n}x${i}${'0'.repeat(16)}`;
      if (!(await step('GET', '/'))) continue;
      if (!(await step('GET', '/product/5'))) continue;
      if (!(await step('POST', '/api/cart', { sessionId, productId: 5, quantity: 1 }))) continue;
      const checkout = await step('POST', '/api/checkout', { sessionId });
      const secret = decodeURIComponent(/payment_intent=([^&]+)/.exec(String(checkout?.checkoutUrl ?? ''))?.[1] ?? '');
      const paymentIntentId = secret.split('_secret_')[0] ?? '';
      if (!secret) continue;
      const shipping = {
        paymentIntentId,
        email: `shopper${n}@example.com`,
        firstName: 'Bench',
        lastName: 'Shopper',
        address: '1 Load St',
        city: 'Columbus',
        state: 'OH',
        zip: '43004',
        country: 'US',
      };
      if (!(await step('POST', '/api/orders/shipping', shipping))) continue;
      if (!(await step('POST', '/api/payments/test/confirm', { paymentIntentId: secret, cardNumber: '4242424242424242' })))
        continue;
      if (!(await step('POST', '/api/orders/complete', { paymentIntentId }))) continue;
      const confirmation = await step('GET', `/api/orders/confirmation/${paymentIntentId}`);
      if (confirmation?.status === 'paid') journeys++;
      else errors++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    journeysPerSecond: Math.round((journeys / seconds) * 10) / 10,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p95: Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? 0),
    errors,
  };
}

// ── one store per database ───────────────────────────────────────────────────────────────────────

interface DriverFigures {
  products: Load;
  baseline: Load;
  home: Load;
  productPage: Load;
  mix: Mix;
}

const STORE_ENV = {
  LOG_LEVEL: 'warn',
  BENCH_BASELINE: 'true',
  RATE_LIMIT_CART_PER_MINUTE: '10000000',
  RATE_LIMIT_CHECKOUT_PER_MINUTE: '10000000',
  RATE_LIMIT_SHIPPING_PER_MINUTE: '10000000',
  RATE_LIMIT_ANALYTICS_PER_MINUTE: '10000000',
};

async function enoughStock(store: StoreServer): Promise<void> {
  const login = await fetch(`${store.baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store.baseURL },
    body: JSON.stringify({ username: 'owner', password: 'correct-horse-battery' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(`${store.baseURL}/api/admin/products/5/set-inventory`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: store.baseURL, cookie },
    body: JSON.stringify({ inventory: 1_000_000 }),
  });
  if (!res.ok) throw new Error(`could not set the stock for the shopping mix: ${res.status} ${await res.text()}`);
}

async function measure(driver: Driver, store: StoreServer): Promise<DriverFigures> {
  const base = store.baseURL;
  await enoughStock(store);
  // Warm both routes and the page renderer before measuring.
  await cannon(`${base}/api/products`, 10);
  await cannon(`${base}/product/5`, 10);
  log(`  ${driver}: /api/products against the constant route…`);
  const [products, baseline] = await sideBySide(`${base}/api/products`, `${base}/api/bench/baseline`);
  log(`  ${driver}: server-rendered pages…`);
  const home = await cannon(`${base}/`);
  const productPage = await cannon(`${base}/product/5`);
  log(`  ${driver}: shopping mix…`);
  const mix = await shoppingMix(base);
  return { products, baseline, home, productPage, mix };
}

// ── Lighthouse ───────────────────────────────────────────────────────────────────────────────────

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Lighthouse varies from run to run on a busy machine: mobile is run this many times, the median kept. */
const MOBILE_RUNS = 3;

async function lighthouseScores(base: string): Promise<Record<string, { mobile: Scores; desktop: Scores }>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const out: Record<string, { mobile: Scores; desktop: Scores }> = {};
  const once = async (url: string, form: 'mobile' | 'desktop'): Promise<Scores> => {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      form === 'desktop' ? desktopConfig : undefined,
    );
    const c = result?.lhr.categories;
    if (result?.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    const score = (k: string) => Math.round((c?.[k]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  };
  const median = (runs: Scores[]): Scores => {
    const mid = (k: keyof Scores) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
    return {
      performance: mid('performance'),
      accessibility: mid('accessibility'),
      bestPractices: mid('bestPractices'),
      seo: mid('seo'),
    };
  };
  try {
    for (const page of ['/', '/product/5', '/education']) {
      log(`  Lighthouse ${page}: mobile ×${MOBILE_RUNS}, desktop…`);
      const mobile: Scores[] = [];
      for (let i = 0; i < MOBILE_RUNS; i++) mobile.push(await once(`${base}${page}`, 'mobile'));
      out[page] = { mobile: median(mobile), desktop: await once(`${base}${page}`, 'desktop') };
    }
  } finally {
    chrome.kill();
  }
  return out;
}

// ── machine ──────────────────────────────────────────────────────────────────────────────────────

function machine(pgVersion: string) {
  const chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: pgVersion,
    chromium,
  };
}

// ── run ──────────────────────────────────────────────────────────────────────────────────────────

ensureSystemPackages(['chromium', 'postgresql'], 'npm run bench');
if (spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

let cluster: PostgresCluster | undefined;
const stores: StoreServer[] = [];
const cleanup = async () => {
  for (const s of stores) await s.stop().catch(() => {});
  cluster?.stop();
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

try {
  log(`Benchmarks: ${SECONDS} s per measurement, ${CONNECTIONS} connections, ${SHOPPERS} shoppers in the mix.`);
  cluster = await startPostgres({ durable: true });
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const pgVersion = String((await client.query('show server_version')).rows[0]?.server_version);
  await client.end();

  log('PostgreSQL store:');
  const onPg = await startStore({ ...STORE_ENV, DATABASE_URL: cluster.url });
  stores.push(onPg);
  const postgres = await measure('postgres', onPg);
  await onPg.stop();
  stores.pop();

  log('PGlite store (the default, `npm start`):');
  const onPglite = await startStore(STORE_ENV);
  stores.push(onPglite);
  const pglite = await measure('pglite', onPglite);
  const lighthouseResult = await lighthouseScores(onPglite.baseURL);

  const bundle = JSON.parse(
    execFileSync(process.execPath, [path.join(root, 'scripts/bundle-size.mjs'), '--json'], { encoding: 'utf8' }),
  ) as {
    page: string;
    kb: number;
  }[];
  const initialJsKb = Math.max(...bundle.map((b) => b.kb));

  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const figures = {
    postgres,
    pglite,
    lighthouse: lighthouseResult,
    initialJsKb: Object.fromEntries(bundle.map((b) => [b.page, b.kb])),
  };
  const lhMobile = Object.values(lighthouseResult).map((s) => s.mobile);
  const targets = [
    ...(['pglite', 'postgres'] as const).map((d) => ({
      name: `/api/products vs constant route, ${d} (100 connections)`,
      value: ratio(figures[d].products.rps, figures[d].baseline.rps),
      target: '≥ 0.8, no errors',
      ok: figures[d].products.rps >= 0.8 * figures[d].baseline.rps && figures[d].products.errors === 0,
    })),
    {
      name: 'Checkout journey, PGlite vs PostgreSQL (journeys/s)',
      value: ratio(pglite.mix.journeysPerSecond, postgres.mix.journeysPerSecond),
      target: '≥ 0.33 (within 3×)',
      ok: pglite.mix.journeysPerSecond * 3 >= postgres.mix.journeysPerSecond && pglite.mix.errors + postgres.mix.errors === 0,
    },
    {
      name: 'Lighthouse mobile performance (lowest page)',
      value: Math.min(...lhMobile.map((s) => s.performance)),
      target: '≥ 98',
      ok: lhMobile.every((s) => s.performance >= 98),
    },
    {
      name: 'Lighthouse mobile accessibility (lowest page)',
      value: Math.min(...lhMobile.map((s) => s.accessibility)),
      target: '≥ 98',
      ok: lhMobile.every((s) => s.accessibility >= 98),
    },
    {
      name: 'Lighthouse SEO (lowest page, mobile and desktop)',
      value: Math.min(...Object.values(lighthouseResult).flatMap((s) => [s.mobile.seo, s.desktop.seo])),
      target: '100',
      ok: Object.values(lighthouseResult).every((s) => s.mobile.seo === 100 && s.desktop.seo === 100),
    },
    { name: 'Storefront initial JS, largest page (KB gzip)', value: initialJsKb, target: '≤ 100', ok: initialJsKb <= 100 },
  ];

  const result = { measuredAt: new Date().toISOString(), machine: machine(pgVersion), seconds: SECONDS, figures, targets };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(report(result));
  await cleanup();
  process.exit(targets.every((t) => t.ok) ? 0 : 1);
} catch (err) {
  console.error(err);
  await cleanup();
  process.exit(1);
}

/** The Markdown table the README shows. */
function report(r: {
  measuredAt: string;
  machine: ReturnType<typeof machine>;
  figures: { postgres: DriverFigures; pglite: DriverFigures; lighthouse: Record<string, { mobile: Scores; desktop: Scores }> };
  targets: { name: string; value: number; target: string; ok: boolean }[];
}): string {
  const m = r.machine;
  const lines = [
    `Measured ${r.measuredAt.slice(0, 16).replace('T', ' ')} UTC on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, Node ${m.node}, PostgreSQL ${m.postgres}, ${m.chromium}.`,
    '',
    '| Load (req/s, p99 ms, errors) | PGlite | PostgreSQL |',
    '| --- | --- | --- |',
  ];
  const load = (l: Load) => `${l.rps} req/s, p99 ${l.p99} ms${l.errors ? `, ${l.errors} errors` : ''}`;
  const { pglite: a, postgres: b } = r.figures;
  lines.push(`| GET /api/products, 100 connections | ${load(a.products)} | ${load(b.products)} |`);
  lines.push(`| Constant JSON of the same size (the limit) | ${load(a.baseline)} | ${load(b.baseline)} |`);
  lines.push(`| Server-rendered / | ${load(a.home)} | ${load(b.home)} |`);
  lines.push(`| Server-rendered /product/5 | ${load(a.productPage)} | ${load(b.productPage)} |`);
  const mix = (x: Mix) =>
    `${x.journeysPerSecond} journeys/s (${x.requestsPerSecond} req/s), p95 ${x.p95} ms${x.errors ? `, ${x.errors} errors` : ''}`;
  lines.push(`| Shopping mix, ${SHOPPERS} shoppers | ${mix(a.mix)} | ${mix(b.mix)} |`);
  lines.push('', '| Lighthouse (perf / a11y / best practices / SEO) | Mobile | Desktop |', '| --- | --- | --- |');
  const sc = (s: Scores) => `${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo}`;
  for (const [page, s] of Object.entries(r.figures.lighthouse)) lines.push(`| ${page} | ${sc(s.mobile)} | ${sc(s.desktop)} |`);
  lines.push('', '| Target | Measured | Wanted | |', '| --- | --- | --- | --- |');
  for (const t of r.targets) lines.push(`| ${t.name} | ${t.value} | ${t.target} | ${t.ok ? 'met' : 'MISSED'} |`);
  return lines.join('\n');
}
