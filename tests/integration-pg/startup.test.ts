import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createPgDatabase } from '../support/app.ts';

// Several instances started at once on an empty PostgreSQL database (a cluster's first start, or
// a deploy): they migrate and seed one after the other, and every one of them comes up.
let db: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
afterAll(() => db?.drop());

describe('instances starting together', () => {
  it('all start, with the schema made once and the catalog seeded once', async () => {
    db = await createPgDatabase();
    const url = db.url;
    const apps = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: url }), {
          ssr: 'off',
        }),
      ),
    );
    const started = apps.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    try {
      expect(apps.map((a) => (a.status === 'rejected' ? String(a.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const [first] = started;
      const rows = await first!.database.db.execute(sql`select count(*)::int as n from products`);
      const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
      expect(n).toBe(2);
      for (const app of started) expect((await app.inject({ url: '/api/products' })).json()).toHaveLength(2);
    } finally {
      await Promise.all(started.map((a) => a.close()));
    }
  });
});
