import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/** `npm run bench`'s constant route exists only where BENCH_BASELINE=true asks for it. */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

describe('the benchmark baseline route', () => {
  it('is not there in a normal store', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect((await t.app.inject({ url: '/api/bench/baseline' })).statusCode).toBe(404);
  });

  it('answers the same JSON as the product list when asked for', async () => {
    const t = await createTestApp({ BENCH_BASELINE: 'true' });
    apps.push(t);
    const products = await t.app.inject({ url: '/api/products' });
    const baseline = await t.app.inject({ url: '/api/bench/baseline' });
    expect(baseline.statusCode).toBe(200);
    expect(baseline.body).toBe(products.body);
  });
});
