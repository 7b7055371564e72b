import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgres } from '../../scripts/lib/system.mjs';
import { newSessionId } from '../support/app.ts';
import { type StoreServer, startStore } from '../support/store-process.ts';

/**
 * PostgreSQL restarted under load (issue "Proof at scale"): while it is down, requests fail
 * cleanly (a quick 503 with a message, or a cached answer), the store process stays up, and it
 * recovers by itself when the database is back. The test has its own PostgreSQL server to stop.
 */
let cluster: PostgresCluster;
let store: StoreServer;

beforeAll(async () => {
  cluster = await startPostgres();
  store = await startStore({ DATABASE_URL: cluster.url, LOG_LEVEL: 'silent', RATE_LIMIT_CART_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await store?.stop();
  cluster?.stop();
});

interface Answer {
  phase: 'before' | 'down' | 'after' | 'recovered';
  what: string;
  status: number;
  ms: number;
  message?: string;
  page?: string;
}

describe('PostgreSQL restarted under load', () => {
  it('answers quickly and cleanly while it is down and recovers by itself', async () => {
    let phase: Answer['phase'] = 'before';
    let running = true;
    const answers: Answer[] = [];
    const call = async (what: string, path: string, init?: RequestInit) => {
      const at = phase;
      const started = Date.now();
      const res = await fetch(`${store.baseURL}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
      const text = await res.text();
      let message: string | undefined;
      if (res.headers.get('content-type')?.includes('json')) message = (JSON.parse(text) as { message?: string }).message;
      const page = res.headers.get('content-type')?.includes('html') ? text : undefined;
      answers.push({ phase: at, what, status: res.status, ms: Date.now() - started, message, page });
    };
    const worker = async (n: number) => {
      const sessionId = newSessionId();
      while (running) {
        await call('products', '/api/products');
        await call('add to cart', '/api/cart', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId, productId: 5 + (n % 2), quantity: 1 }),
        });
        await call('cart', `/api/cart/${sessionId}`);
        await call('home page', '/');
        await call('health', '/healthz');
      }
    };
    const workers = Array.from({ length: 6 }, (_, n) => worker(n));

    await new Promise((r) => setTimeout(r, 1500));
    phase = 'down';
    cluster.halt();
    await new Promise((r) => setTimeout(r, 4000));
    cluster.resume();
    phase = 'after';
    const deadline = Date.now() + 30_000;
    let recoveredAfter = -1;
    const back = Date.now();
    while (Date.now() < deadline) {
      const ok = await fetch(`${store.baseURL}/healthz`).then((r) => r.ok);
      if (ok) {
        recoveredAfter = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    // From here on, every request must succeed: load goes on until each kind has been answered.
    phase = 'recovered';
    const kinds = () => new Set(answers.filter((a) => a.phase === 'recovered').map((a) => a.what)).size;
    const until = Date.now() + 20_000;
    while (kinds() < 5 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    running = false;
    await Promise.all(workers);

    expect(store.running()).toBe(true);
    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    const down = answers.filter((a) => a.phase === 'down');
    // The outage was felt, and every failure said so plainly and quickly.
    expect(down.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status >= 500)) {
      expect(a.status, `${a.what}: ${a.status}`).toBe(503);
      expect(a.ms, `${a.what} took ${a.ms} ms`).toBeLessThan(6000);
      if (a.what === 'home page') expect(a.page, a.what).toContain("We'll be right back");
      else expect(a.message, a.what).toMatch(/unavailable|unreachable/i);
    }
    // Once it is back, everything works again without a restart of the store.
    const tail = answers.filter((a) => a.phase === 'recovered');
    expect(tail.filter((a) => a.status >= 300).map((a) => `${a.what}: ${a.status}`)).toEqual([]);
    expect(new Set(tail.map((a) => a.what)).size).toBe(5);
  }, 90_000);
});
