import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createPgDatabase } from '../support/app.ts';
import { count, inventoryOf, newAddress, shopper } from '../support/checkout.ts';

/**
 * The low-stock alert under real concurrency (docs/decisions/0029): checkouts on two instances and
 * the owner's changes, all at once, take a product's stock from above 10 to below it; exactly one
 * e-mail is queued per crossing. PostgreSQL runs them in parallel, where PGlite would queue them.
 */
let db: Awaited<ReturnType<typeof createPgDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;

const OWNER = 'owner@ironwakesalts.test';
const instance = (url: string) =>
  buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      OWNER_EMAIL: OWNER,
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
      RATE_LIMIT_CART_PER_MINUTE: '1000000',
    }),
    { ssr: 'off' },
  );

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

const alerts = () => count(a, 'mail_outbox', `kind = 'low_stock' and ref = 5`);

describe('the low-stock alert with concurrent decrements', () => {
  it('ten checkouts on two instances and the owner, at once, crossing from 14 to 4: one e-mail per crossing, five rounds', async () => {
    expect(a.database.pool).toBeDefined();
    for (let round = 1; round <= 5; round++) {
      await a.services.catalog.setInventory(5, 14, 'owner'); // back above 10: armed again
      const shoppers = Array.from({ length: 8 }, (_, i) => shopper(i % 2 ? b : a, undefined, newAddress()));
      await Promise.all(shoppers.map((s) => s.add(5, 1)));
      const started = await Promise.all([
        ...shoppers.map((s) => s.checkout()),
        a.services.catalog.adjustInventory(5, -1, 'owner'),
        b.services.catalog.adjustInventory(5, -1, 'owner'),
      ]);
      expect(started.slice(0, 8).map((r) => (r as { statusCode: number }).statusCode)).toEqual(Array(8).fill(201));
      expect(await inventoryOf(a, 5)).toBe(4);
      expect(await alerts()).toBe(round);
      // Every checkout let go: its stock comes back above 10 for the next round (the owner sets it anyway).
      await a.database.db.execute(sql`update stock_holds set held_until = now() - interval '1 minute'`);
      await a.services.checkout.sweepExpired();
    }
    const { rows } = (await a.database.db.execute(
      sql`select to_address, subject from mail_outbox where kind = 'low_stock' order by id`,
    )) as unknown as { rows: { to_address: string; subject: string }[] };
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.to_address).toBe(OWNER);
      expect(r.subject).toMatch(/^Low stock: Single Bottle has (10|9|8|7|6|5|4) left$/);
    }
  }, 120_000);

  it('twenty-four checkouts at once, from 30 to 6: the one that crosses alerts, the four after it do not', async () => {
    await a.services.catalog.setInventory(5, 30, 'owner');
    const before = await alerts();
    const shoppers = Array.from({ length: 24 }, (_, i) => shopper(i % 2 ? b : a, undefined, newAddress()));
    await Promise.all(shoppers.map((s) => s.add(5, 1)));
    const started = await Promise.all(shoppers.map((s) => s.checkout()));
    expect(started.every((r) => r.statusCode === 201)).toBe(true);
    expect(await inventoryOf(a, 5)).toBe(6);
    expect(await alerts()).toBe(before + 1);
  }, 60_000);
});
