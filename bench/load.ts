// The load the benchmarks put on a store: autocannon on one address, two addresses in turns, and
// the shopping mix (shoppers paying for orders). bench/run.ts measures with it; bench/README.md says how.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { StoreServer } from '../tests/support/store-process.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = 100;
export const SHOPPERS = 16;

export type Driver = 'pglite' | 'postgres';
export const log = (line: string) => process.stderr.write(`${line}\n`);

// ── load ─────────────────────────────────────────────────────────────────────────────────────────

export interface Load {
  rps: number;
  p99: number;
  errors: number;
}

export async function cannon(url: string, connections = CONNECTIONS): Promise<Load> {
  const r = await autocannon({ url, connections, duration: SECONDS });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/** Interleaved rounds (a, b, c, a, b, c) so that a drift of the machine weighs on each alike. */
export async function sideBySide<const U extends string[]>(...urls: U): Promise<{ [K in keyof U]: Load }> {
  const runs: Load[][] = urls.map(() => []);
  for (let round = 0; round < 2; round++) for (const [i, url] of urls.entries()) runs[i]!.push(await cannon(url));
  const mean = (xs: Load[]): Load => ({
    rps: Math.round(xs.reduce((s, x) => s + x.rps, 0) / xs.length),
    p99: Math.max(...xs.map((x) => x.p99)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
  });
  return runs.map(mean) as { [K in keyof U]: Load };
}

/** The paths the bare server (bench/raw-http.mjs) answers with the store's own bytes. */
const RAW_PATHS = ['/api/products', '/', '/product/5'] as const;

/**
 * A bare `node:http` server on this Node, started beside the store, answering each of RAW_PATHS with
 * the bytes the store sent for it (a page as it was rendered once): the physical limit of each answer.
 */
export async function startRawServer(store: StoreServer): Promise<{ baseURL: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
  const map: Record<string, { type: string; file: string }> = {};
  for (const [i, p] of RAW_PATHS.entries()) {
    const res = await fetch(`${store.baseURL}${p}`);
    const file = path.join(dir, `${i}.body`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    map[p] = { type: res.headers.get('content-type') ?? 'application/octet-stream', file };
  }
  fs.writeFileSync(path.join(dir, 'map.json'), JSON.stringify(map));
  const child = fork(path.join(import.meta.dirname, 'raw-http.mjs'), [path.join(dir, 'map.json')], { stdio: 'ignore' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Mix {
  journeysPerSecond: number;
  requestsPerSecond: number;
  p95: number;
  errors: number;
}

/**
 * Shoppers (SHOPPERS at once) each going round: home page, product page, add to cart, checkout,
 * shipping details, test card payment, order completion, confirmation. Every step must succeed.
 */
export async function shoppingMix(base: string): Promise<Mix> {
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
        ageConfirmed: true,
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

export interface DriverFigures {
  products: Load;
  /** The same JSON held as a constant by the store (its route, plugins and serializer). */
  baseline: Load;
  /** The same bytes from a bare node:http server (the limit). */
  rawProducts: Load;
  home: Load;
  rawHome: Load;
  productPage: Load;
  rawProductPage: Load;
  mix: Mix;
}

export const STORE_ENV = {
  // The store's default: a line per request.
  LOG_LEVEL: 'info',
  BENCH_BASELINE: 'true',
  RATE_LIMIT_CART_PER_MINUTE: '10000000',
  RATE_LIMIT_CHECKOUT_PER_MINUTE: '10000000',
  RATE_LIMIT_SHIPPING_PER_MINUTE: '10000000',
  RATE_LIMIT_ANALYTICS_PER_MINUTE: '10000000',
};

export async function enoughStock(store: StoreServer): Promise<void> {
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

export async function measure(driver: Driver, store: StoreServer): Promise<DriverFigures> {
  const base = store.baseURL;
  await enoughStock(store);
  // Warm both routes and the page renderer before measuring.
  await cannon(`${base}/api/products`, 10);
  await cannon(`${base}/product/5`, 10);
  const raw = await startRawServer(store);
  try {
    log(`  ${driver}: /api/products against the constant route and the bare server…`);
    const [products, baseline, rawProducts] = await sideBySide(
      `${base}/api/products`,
      `${base}/api/bench/baseline`,
      `${raw.baseURL}/api/products`,
    );
    log(`  ${driver}: server-rendered pages against the bare server…`);
    const [home, rawHome] = await sideBySide(`${base}/`, `${raw.baseURL}/`);
    const [productPage, rawProductPage] = await sideBySide(`${base}/product/5`, `${raw.baseURL}/product/5`);
    log(`  ${driver}: shopping mix…`);
    const mix = await shoppingMix(base);
    return { products, baseline, rawProducts, home, rawHome, productPage, rawProductPage, mix };
  } finally {
    raw.stop();
  }
}
