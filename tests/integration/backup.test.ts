import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';
import { createPgDatabase } from '../support/app.ts';
import { cliSurroundings } from '../support/cli.ts';
import { startStore } from '../support/store-process.ts';

/**
 * `npm run backup` / `npm run restore` on the database the suite runs on (PGlite's data folder, or
 * pg_dump / pg_restore on PostgreSQL): what was backed up comes back, orders and files included,
 * and what happened after the backup is gone.
 */
let c: Awaited<ReturnType<typeof cliSurroundings>>;
let usePg: boolean;
let work: string;
let env: Record<string, string>;
beforeAll(async () => {
  c = await cliSurroundings('backup');
  ({ usePg, work, env } = c);
});
afterAll(() => c?.close());

const open = (overrides: Record<string, string> = {}) => buildApp(loadConfig({ ...env, ...overrides }), { ssr: 'off' });

const cli = (command: 'backup' | 'restore', file?: string, overrides: Record<string, string> = {}) =>
  c.run('backup.ts', [command, ...(file ? [file] : [])], overrides);

describe('backup and restore', () => {
  it('bring back the orders and files of the backup, and drop what came after', async () => {
    const ext = usePg ? '.pgdump' : '.pglite.tar.gz';
    const file = path.join(work, `store${ext}`);

    let app = await open();
    const buyer = shopper(app);
    await buyer.add(5, 2);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    expect((await buyer.pay(secret)).statusCode).toBe(200);
    await app.uploads.save(`${'c'.repeat(32)}.webp`, Buffer.from('image bytes'));
    const orders = await count(app, 'orders');
    await app.close();

    const made = cli('backup', file);
    expect(made.code, made.out).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    // After the backup: the order is deleted and another product appears.
    app = await open();
    await app.database.db.execute(`delete from orders` as never);
    await app.database.db.execute(
      `insert into products (name, description, price_cents, image_url, inventory) values ('Later', 'Added after the backup.', 100, '/x', 1)` as never,
    );
    await app.close();

    const back = cli('restore', file);
    expect(back.code, back.out).toBe(0);
    app = await open();
    try {
      expect(await count(app, 'orders')).toBe(orders);
      expect(await count(app, 'orders', `payment_intent_id = '${paymentIntentId}' and status = 'paid'`)).toBe(1);
      expect(await count(app, 'products', `name = 'Later'`)).toBe(0);
      expect((await app.uploads.read(`${'c'.repeat(32)}.webp`))?.toString()).toBe('image bytes');
      expect((await app.inject({ url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }

    if (usePg) {
      // Onto a new, empty database: the disaster case.
      const fresh = await createPgDatabase();
      try {
        expect(cli('restore', file, { DATABASE_URL: fresh.url }).code).toBe(0);
        const other = await open({ DATABASE_URL: fresh.url });
        try {
          expect(await count(other, 'orders', `payment_intent_id = '${paymentIntentId}'`)).toBe(1);
        } finally {
          await other.close();
        }
      } finally {
        await fresh.drop();
      }
    }
  }, 120_000);

  it('refuse a missing file, a file of the wrong kind, and a damaged one, changing nothing', async () => {
    const missing = cli('restore', path.join(work, 'nope.pgdump'));
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/There is no file/);

    const wrongKind = path.join(work, 'notes.txt');
    fs.writeFileSync(wrongKind, 'hello');
    const wrong = cli('restore', wrongKind);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/restore a \.(pgdump|pglite\.tar\.gz) file/);

    const damaged = path.join(work, usePg ? 'bad.pgdump' : 'bad.pglite.tar.gz');
    fs.writeFileSync(damaged, Buffer.alloc(4096, 7));
    const app = await open();
    const before = await count(app, 'orders');
    await app.close();
    const bad = cli('restore', damaged);
    expect(bad.code).toBe(1);
    const after = await open();
    try {
      expect(await count(after, 'orders')).toBe(before);
    } finally {
      await after.close();
    }

    expect(cli('backup', path.join(work, 'wrong-name.zip')).code).toBe(1);
    expect(cli('restore').code).toBe(1);
  }, 120_000);

  it('refuse to copy the embedded database while the store has it open; a PostgreSQL backup is taken live', async () => {
    const dataDir = path.join(work, 'running');
    const store = await startStore({
      ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    const file = path.join(work, `live${usePg ? '.pgdump' : '.pglite.tar.gz'}`);
    try {
      const r = cli('backup', file, { DATA_DIR: dataDir, PORT: String(store.port) });
      if (usePg) {
        expect(r.code, r.out).toBe(0);
        expect(fs.statSync(file).size).toBeGreaterThan(1000);
      } else {
        expect(r.code).toBe(1);
        expect(r.out).toMatch(/stop it first/);
        expect(fs.existsSync(file)).toBe(false);
      }
    } finally {
      await store.stop();
    }
  }, 120_000);
});
