import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { paidOrder } from '../support/after-sale.ts';
import { createPgDatabase } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

// Two server instances on one PostgreSQL database sweeping for reorder reminders at the same
// moment: each due order gets one reminder (docs/decisions/0051).
describe('reorder reminders with several instances', () => {
  it('send one reminder per order when both sweep at once', async () => {
    const db = await createPgDatabase();
    const instance = () =>
      buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: db.url }), {
        ssr: 'off',
      });
    const a = await instance();
    const b = await instance();
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `reorder-race${i}.${Date.now()}@example.com`);
      const ids: number[] = [];
      for (const email of emails) ids.push((await paidOrder(a, [[5, 1]], { email, reorderReminder: true })).order.id);
      // Delivered 22 days ago: one bottle lasts 21 (the default).
      await a.database.db.execute(
        sql`update orders set status = 'delivered', shipped_at = now() - interval '25 days', delivered_at = now() - interval '22 days'
            where id in ${ids}`,
      );
      for (let round = 0; round < 3; round++) {
        await Promise.all([a.services.reorders.sweep(), b.services.reorders.sweep(), a.services.reorders.sweep()]);
      }
      const { rows } = (await a.database.db.execute(
        sql`select count(*)::int as n from mail_outbox where kind = 'reorder_reminder'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(emails.length);
      const sentBy = (app: typeof a, e: string) =>
        app.mailer.sent.filter((m) => m.to === e && m.subject === 'Running low on Ironwake salts?').length;
      const sent = (e: string) => sentBy(a, e) + sentBy(b, e);
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
