import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxOf } from '#shared/mailbox.ts';
import { migrationsThrough } from '#tests/support/migrations.ts';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from './client.ts';

/**
 * Migrations 0018 and 0020 on a store that ran 0017 (a store of last week): the discounted orders
 * it has get each line's share of their discount, and the uses bound to an address get its mailbox,
 * so that the new unique index can be made over data written under the old one.
 */
let client: PGlite;
let db: ReturnType<typeof drizzle>;
let upTo17: string;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  db = drizzle(client);
  upTo17 = migrationsThrough(17);
  await migrate(db, { migrationsFolder: upTo17 });
  await db.execute(sql`
    insert into discount_codes (id, code, kind, percent_off, product_ids, usage_limit, used_count, once_per_email)
    overriding system value values
      (1, 'PACK20', 'percent', 20, '[6]', null, 0, false),
      (2, 'ONCE', 'percent', 10, null, 5, 3, true)`);
  // Order 1: 2 bottles (37.98) and a 3-pack (44.99), 20 % off the 3-pack: 9.00, all of it the 3-pack's.
  // Order 2: 3 bottles (56.97) and a 3-pack, 10 % off everything: 10.19 over both lines.
  // Order 3: a code since deleted, 5.00 off two lines: spread over both. Order 4: no discount.
  await db.execute(sql`
    insert into orders (id, session_id, status, subtotal_cents, discount_code, discount_cents, total_cents, expires_at, paid_at)
    overriding system value values
      (1, 's', 'paid', 8297, 'PACK20', 900, 7788, now(), now()),
      (2, 's', 'paid', 10196, 'ONCE', 1019, 9568, now(), now()),
      (3, 's', 'paid', 3798, 'GONE5', 500, 3689, now(), now()),
      (4, 's', 'paid', 1899, null, 0, 2290, now(), now())`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity) values
      (1, 5, 'Single Bottle', 1899, 2), (1, 6, '3-Pack', 4499, 1),
      (2, 5, 'Single Bottle', 1899, 3), (2, 6, '3-Pack', 4499, 1),
      (3, 5, 'Single Bottle', 1899, 1), (3, 7, 'Sample', 1899, 1),
      (4, 5, 'Single Bottle', 1899, 1)`);
  // Uses of ONCE bound to addresses: two spellings of one mailbox (the second allowed then), and another.
  await db.execute(sql`
    insert into discount_redemptions (discount_id, order_id, email, status, amount_cents) values
      (2, 2, 'dana.lee@gmail.com', 'redeemed', 1019),
      (2, 10, 'danalee+promo@googlemail.com', 'redeemed', 500),
      (2, 11, 'kim@example.com', 'reserved', 500),
      (2, 12, 'dana.lee@gmail.com', 'released', 500)`);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
});
afterAll(async () => {
  await client?.close();
  if (upTo17) fs.rmSync(upTo17, { recursive: true, force: true });
});

describe('migration 0018 (each line keeps its share of the discount)', () => {
  const shares = (orderId: number) =>
    rows<{ product: number; share: number }>(
      sql`select product_id as product, discount_cents as share from order_items where order_id = ${orderId} order by product_id`,
    );

  it('gives a code for some products to those lines alone, and spreads one for all over every line, to the cent', async () => {
    expect(await shares(1)).toEqual([
      { product: 5, share: 0 },
      { product: 6, share: 900 },
    ]);
    const two = await shares(2);
    expect(two.reduce((n, l) => n + Number(l.share), 0)).toBe(1019);
    // In proportion to the lines' worth (56.97 and 44.99), the cent left to the worthiest line.
    expect(two).toEqual([
      { product: 5, share: 570 },
      { product: 6, share: 449 },
    ]);
  });

  it('spreads a deleted code’s discount over every line, and leaves an order without one alone', async () => {
    expect((await shares(3)).reduce((n, l) => n + Number(l.share), 0)).toBe(500);
    expect(await shares(4)).toEqual([{ product: 5, share: 0 }]);
  });
});

describe('migration 0020 (once per mailbox)', () => {
  it('gives the uses bound before their mailbox, the first of a mailbox keeping it, as the store computes it', async () => {
    const uses = await rows<{ order: number; email: string; mailbox: string | null; held: Date | null }>(
      sql`select order_id as order, email, mailbox, held_until as held from discount_redemptions order by order_id`,
    );
    expect(uses.map((u) => [u.order, u.mailbox])).toEqual([
      [2, mailboxOf('dana.lee@gmail.com')],
      [10, null],
      [11, mailboxOf('kim@example.com')],
      [12, mailboxOf('dana.lee@gmail.com')],
    ]);
    // A reserved use lasts a page's renewal from now on; settled ones have no time.
    expect(uses.find((u) => u.order === 11)?.held).not.toBeNull();
    expect(uses.find((u) => u.order === 2)?.held).toBeNull();
  });

  it('refuses a second use of the mailbox now', async () => {
    await expect(
      db.execute(sql`insert into discount_redemptions (discount_id, order_id, email, mailbox, status, amount_cents)
        values (2, 13, 'd.a.n.a.lee@gmail.com', ${mailboxOf('d.a.n.a.lee@gmail.com')}, 'reserved', 500)`),
    ).rejects.toThrow();
  });
});
