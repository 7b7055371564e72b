import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, login, sessionCookie, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { as, STAFF_PASSWORD, staffMember } from '../support/staff.ts';

// Two owners demoting or removing each other at the same moment, on a PostgreSQL server where the
// two transactions really run at once: the owners' row locks leave exactly one owner (docs/decisions/0057).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await t?.close();
});

async function owners(): Promise<string[]> {
  const { rows } = (await t.app.database.db.execute(
    sql`select username from admin_users where role = 'owner' order by username`,
  )) as unknown as { rows: { username: string }[] };
  return rows.map((r) => r.username);
}

const signInAs = async (username: string, password: string) =>
  as(t.app, sessionCookie(await login(t.app, { username, password })));

it('two owners demoting or removing each other at once leave exactly one owner', async () => {
  for (let round = 0; round < 6; round++) {
    const first = await signedIn(t.app);
    const partner = await staffMember(t.app, first, `partner${round}`, 'owner');
    const firstId = (await first.call('GET', '/api/admin/staff'))
      .json()
      .find((m: { username: string }) => m.username === ADMIN.username).id;
    expect(await owners()).toHaveLength(2);

    const removal = round % 2 === 1;
    const [a, b] = await Promise.all([
      removal
        ? first.call('DELETE', `/api/admin/staff/${partner.id}`)
        : first.call('PUT', `/api/admin/staff/${partner.id}`, { role: 'fulfilment' }),
      partner.call('PUT', `/api/admin/staff/${firstId}`, { role: 'support' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0], `${a.body} ${b.body}`).toBe(200);
    expect([401, 403, 409], `${a.body} ${b.body}`).toContain(codes[1]);
    const left = await owners();
    expect(left).toHaveLength(1);

    // Back to ADMIN_USERNAME alone for the next round.
    if (left[0] !== ADMIN.username) {
      const survivor = await signInAs(left[0] ?? '', STAFF_PASSWORD);
      expect((await survivor('PUT', `/api/admin/staff/${firstId}`, { role: 'owner' })).statusCode).toBe(200);
    }
    const owner = await signedIn(t.app);
    const gone = await owner.call('DELETE', `/api/admin/staff/${partner.id}`);
    expect([200, 404]).toContain(gone.statusCode);
    expect(await owners()).toEqual([ADMIN.username]);
  }
});
