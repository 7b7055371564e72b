import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createPgDatabase } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { abandonCheckout, ageCheckout, remindersTo } from '../support/recovery.ts';

// Two server instances on one PostgreSQL database sweeping for checkout reminders at the same
// moment: each left checkout's address gets one reminder (docs/decisions/0041).
describe('checkout reminders with several instances', () => {
  it('send one reminder when both sweep at once', async () => {
    const db = await createPgDatabase();
    const instance = () =>
      buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: db.url }), {
        ssr: 'off',
      });
    const a = await instance();
    const b = await instance();
    try {
      await a.services.settings.update(
        {
          shippingRate: '3.91',
          freeShippingOver: null,
          supportEmail: 'help@ironwake.test',
          supportPhone: '+1-800-555-0199',
          ownerEmail: null,
          reminderDelayHours: 1,
        },
        'owner',
      );
      await b.services.settings.refresh();
      const emails = Array.from({ length: 6 }, (_, i) => `race${i}.${Date.now()}@example.com`);
      for (const email of emails) await ageCheckout(a, (await abandonCheckout(a, email, [[5, 1]])).id, 2);
      for (let round = 0; round < 3; round++) {
        await Promise.all([a.services.recovery.sweep(), b.services.recovery.sweep(), a.services.recovery.sweep()]);
      }
      const { rows } = (await a.database.db.execute(
        sql`select count(*)::int as n from mail_outbox where kind = 'checkout_reminder'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(emails.length);
      const sent = (e: string) => remindersTo(a, e).length + remindersTo(b, e).length;
      expect(await eventually(async () => emails.every((e) => sent(e) === 1))).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(emails.map(sent)).toEqual(emails.map(() => 1));
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
