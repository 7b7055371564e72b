import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsThrough } from '#tests/support/migrations.ts';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from './client.ts';

/**
 * Migration 0021 on a store that ran 0020 (docs/decisions/0046): the seeded smelling salts, and any
 * product named or described as smelling salts or ammonia, become limited-quantity (ground only);
 * other products stay standard, and the store does not ship them to Alaska, Hawaii or the territories
 * until the owner says so.
 */
let client: PGlite;
let db: ReturnType<typeof drizzle>;
let upTo20: string;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  db = drizzle(client);
  upTo20 = migrationsThrough(20);
  await migrate(db, { migrationsFolder: upTo20 });
  await db.execute(sql`
    insert into products (id, name, description, price_cents, image_url) overriding system value values
      (5, 'Single Bottle', 'One bottle.', 1899, '/a'),
      (6, 'Smelling Salts 3-Pack', 'Three bottles.', 4499, '/b'),
      (7, 'Travel Vial', 'Pre-activated Ammonia in a small vial.', 999, '/c'),
      (8, 'Gym Towel', 'A cotton towel for the bench.', 1200, '/d')`);
  await db.execute(sql`
    insert into store_settings (id, shipping_rate_cents, support_email, support_phone) values (1, 391, 'a@b.test', '+1 555 0100')`);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
});
afterAll(async () => {
  await client?.close();
  if (upTo20) fs.rmSync(upTo20, { recursive: true, force: true });
});

describe('migration 0021 (ground-only shipping)', () => {
  it('makes the smelling salts limited-quantity and leaves the rest standard, with no UN number', async () => {
    expect(await rows(sql`select id, shipping_class as class, un_number as un from products order by id`)).toEqual([
      { id: 5, class: 'limited-quantity', un: null },
      { id: 6, class: 'limited-quantity', un: null },
      { id: 7, class: 'limited-quantity', un: null },
      { id: 8, class: 'standard', un: null },
    ]);
  });

  it('keeps Alaska, Hawaii and the territories off, and refuses a class or UN number of another shape', async () => {
    expect(await rows(sql`select hazmat_to_remote_states as remote from store_settings`)).toEqual([{ remote: false }]);
    await expect(db.execute(sql`update products set shipping_class = 'air' where id = 8`)).rejects.toThrow();
    await expect(db.execute(sql`update products set un_number = 'UN12' where id = 8`)).rejects.toThrow();
  });
});
