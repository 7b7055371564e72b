import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createPgDatabase } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

// Two server instances on one PostgreSQL database: the owner's settings saved through one reach the
// other's checkouts at once (docs/decisions/0039).
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

describe('store settings with several instances', () => {
  it('reach instance B when the owner saves them on instance A', async () => {
    expect(b.services.settings.shipping()).toEqual({ rateCents: 391, freeOverCents: null });
    await a.services.settings.update(
      {
        shippingRate: '6.00',
        freeShippingOver: '75.00',
        supportEmail: 'care@ironwake.test',
        supportPhone: '+1 614 555 0142',
        ownerEmail: null,
        reminderDelayHours: 4,
      },
      'owner',
    );
    expect(
      await eventually(
        async () => b.services.settings.shipping().rateCents === 600 && b.services.settings.shipping().freeOverCents === 7500,
      ),
    ).toBe(true);
    expect(b.services.settings.current()).toMatchObject({ supportEmail: 'care@ironwake.test', reminderDelayHours: 4 });
  });
});
