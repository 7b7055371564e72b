import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createPgDatabase } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

// Two server instances on one PostgreSQL database: a product change made through one must reach the
// other's cached product list (docs/decisions/0003-catalog-cache-and-notifications.md).
let db: Awaited<ReturnType<typeof createPgDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;

const instance = (url: string) =>
  buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: url }), { ssr: 'off' });

beforeAll(async () => {
  db = await createPgDatabase();
  a = await instance(db.url);
  b = await instance(db.url);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

async function priceOnB(): Promise<string> {
  const list = (await b.inject({ url: '/api/products' })).json() as { id: number; price: string }[];
  return list.find((p) => p.id === 5)!.price;
}

describe('product list cache with several instances', () => {
  it("drops instance B's cached list when instance A changes a product", async () => {
    expect(await priceOnB()).toBe('18.99'); // B has cached the list now
    await a.database.db.execute(sql.raw('update products set price_cents = 1799 where id = 5'));
    await a.services.catalog.catalogChanged();
    expect(await eventually(async () => (await priceOnB()) === '17.99')).toBe(true);

    // And an inactive product disappears from B's list and page.
    await a.database.db.execute(sql.raw('update products set is_active = false where id = 6'));
    await a.services.catalog.catalogChanged();
    expect(await eventually(async () => (await b.inject({ url: '/api/products/6' })).statusCode === 404)).toBe(true);
  });
});

describe('review figures with several instances', () => {
  it('update on instance B when the owner approves or removes a review on instance A', async () => {
    const statsOnB = async () => (await b.inject({ url: '/api/reviews/stats/6' })).json() as { totalReviews: number };
    expect((await statsOnB()).totalReviews).toBe(0); // B has cached the figures now
    const { rows } = (await a.database.db.execute(
      sql.raw(`insert into reviews (product_id, customer_name, customer_email, rating, title, content, is_verified)
               values (6, 'Sam', 'sam@example.com', 5, 'Strong', 'Wakes me up before every lift.', true) returning id`),
    )) as unknown as { rows: { id: number }[] };
    const id = rows[0]!.id;
    await a.services.reviews.approve(id);
    expect(await eventually(async () => (await statsOnB()).totalReviews === 1)).toBe(true);
    await a.services.reviews.remove(id);
    expect(await eventually(async () => (await statsOnB()).totalReviews === 0)).toBe(true);
  });
});
