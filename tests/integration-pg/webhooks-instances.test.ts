import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { webhookDeliveries } from '#db/schema/index.ts';
import { createPgDatabase } from '../support/app.ts';
import { count } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { webhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Webhooks from two instances of the store on one PostgreSQL database (docs/decisions/0058): both
 * sweep at once, again and again, while a slow receiver answers; each attempt is claimed by one
 * instance (for update skip locked, with a lock expiry), so the receiver sees every event once, and
 * a failed one once more after its 5 s wait, never two attempts at once.
 */
let db: Awaited<ReturnType<typeof createPgDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let rx: Awaited<ReturnType<typeof webhookReceiver>>;

const instance = (url: string) =>
  buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    }),
    { ssr: 'off' },
  );

beforeAll(async () => {
  rx = await webhookReceiver({ delayMs: 40 });
  db = await createPgDatabase();
  a = await instance(db.url);
  b = await instance(db.url);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
  await rx?.close();
});

describe('two instances sending webhooks', () => {
  it('deliver each event once, and a failed one once more, whoever sweeps', async () => {
    expect(a.database.pool).toBeDefined();
    await a.services.webhooks.create({ url: rx.url, events: ['product.low_stock'] });
    rx.answer(500, 500, 500);
    const events = 40;
    await a.database.db.transaction(async (tx) => {
      for (let i = 0; i < events; i++) {
        await a.services.webhooks.emit(tx, 'product.low_stock', { product: { id: i } });
      }
    });
    const sweeps = () => Promise.all([a.services.webhooks.sweep(), b.services.webhooks.sweep(), b.services.webhooks.sweep()]);
    await sweeps();
    const done = async () => {
      await sweeps();
      return (await count(a, 'webhook_deliveries', "status = 'delivered'")) === events;
    };
    expect(await eventually(done, 20_000)).toBe(true);

    const ids = rx.received.map((r) => r.headers['webhook-id']);
    const unique = new Set(ids);
    expect(unique.size).toBe(events);
    expect(ids.length).toBe(events + 3);
    const attempts = await a.database.db.select().from(webhookDeliveries);
    expect(attempts).toHaveLength(events);
    for (const row of attempts) {
      expect(ids.filter((id) => id === row.eventId).length, row.eventId).toBe(row.attempts);
    }
  });
});
