import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createPgDatabase } from '../support/app.ts';
import { setInventory } from '../support/checkout.ts';
import { subscribedShopper } from '../support/subscriptions.ts';

type Rows<T> = { rows: T[] };

// Two server instances on one PostgreSQL database sweeping for due renewals at the same moment:
// each due subscription gets one renewal order and one charge (docs/decisions/0053).
describe('subscription renewals with several instances', () => {
  it('make one order and one charge per due subscription when both sweep at once', async () => {
    const db = await createPgDatabase();
    const instance = () =>
      buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: 'memory://',
          LOG_LEVEL: 'silent',
          PUBLIC_URL: 'http://store.test',
          DATABASE_URL: db.url,
          RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
          RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
        }),
        { ssr: 'off' },
      );
    const a = await instance();
    const b = await instance();
    try {
      await setInventory(a, 5, 1000);
      await setInventory(a, 6, 1000);
      const subs = [];
      for (let i = 0; i < 20; i += 1) {
        subs.push(await subscribedShopper(a, { productId: i % 2 === 0 ? 5 : 6, quantity: 1 + (i % 3) }));
      }
      const ids = subs.map((s) => s.subscriptionId);
      await a.database.db.execute(sql`update subscriptions set next_renewal_at = now() - interval '1 minute'`);
      const stock = async () =>
        (
          (await a.database.db.execute(
            sql`select sum(inventory)::int as n from products where id in (5, 6)`,
          )) as unknown as Rows<{ n: number }>
        ).rows[0]?.n ?? 0;
      const before = await stock();

      const sweep = (app: typeof a) =>
        app.services.subscriptions.notices.sweep().then(() => app.services.subscriptions.renewals.sweep());
      for (let round = 0; round < 3; round += 1) await Promise.all([sweep(a), sweep(b), sweep(a), sweep(b)]);

      const { rows } = (await a.database.db.execute(
        sql`select o.subscription_id as id, count(*)::int as orders, count(*) filter (where o.paid_at is not null)::int as paid,
              (select count(*)::int from payments p join orders x on x.id = p.order_id where x.subscription_id = o.subscription_id) as charges,
              (select count(*)::int from subscription_events e where e.subscription_id = o.subscription_id and e.kind = 'renewed') as renewed
            from orders o where o.subscription_id is not null group by o.subscription_id order by o.subscription_id`,
      )) as unknown as Rows<{ id: number; orders: number; paid: number; charges: number; renewed: number }>;
      expect(rows.map((r) => r.id)).toEqual(ids);
      expect(rows.every((r) => r.orders === 1 && r.paid === 1 && r.charges === 1 && r.renewed === 1)).toBe(true);
      const units = subs.reduce((n, _s, i) => n + 1 + (i % 3), 0);
      expect(await stock()).toBe(before - units);
      const confirmations = (await a.database.db.execute(
        sql`select count(*)::int as n from mail_outbox m join orders o on o.id = m.ref where m.kind = 'order_confirmation' and o.subscription_id is not null`,
      )) as unknown as Rows<{ n: number }>;
      expect(confirmations.rows[0]?.n).toBe(20);
      const next = (await a.database.db.execute(
        sql`select count(*)::int as n from subscriptions where next_renewal_at > now() and failed_attempts = 0`,
      )) as unknown as Rows<{ n: number }>;
      expect(next.rows[0]?.n).toBe(20);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  }, 120_000);
});
