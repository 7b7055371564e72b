import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, ORIGIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { paidOrder } from '../support/after-sale.ts';
import { setInventory } from '../support/checkout.ts';
import { setPassword, STAFF_PASSWORD, staffMember, tokenOf } from '../support/staff.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
  });
  owner = await signedIn(t.app);
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
});
afterAll(async () => {
  await t?.close();
});

interface Entry {
  id: number;
  at: string;
  actor: string;
  network: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: string;
}
const audit = async (query = '') => {
  const res = await owner.call('GET', `/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; next: number | null };
};

/** Every text of the activity log, as one string. */
async function wholeLog(): Promise<string> {
  const { rows } = (await t.app.database.db.execute(sql`select * from admin_audit`)) as unknown as { rows: unknown[] };
  return JSON.stringify(rows);
}

describe('GET /api/admin/audit', () => {
  it('tells who refunded order N, for how much, and when', async () => {
    const { order } = await paidOrder(t.app);
    const before = Date.now();
    const refund = await owner.call('POST', `/api/orders/${order.id}/refunds`, { amount: '12.00' });
    expect(refund.statusCode).toBe(201);
    const { entries } = await audit('?action=refundOrder');
    const entry = entries.find((e) => e.targetId === String(order.id));
    expect(entry).toMatchObject({
      actor: ADMIN.username,
      network: '127.0.0.1',
      action: 'refundOrder',
      targetType: 'order',
      summary: `order ${order.id} refunded 12.00`,
    });
    expect(new Date(entry?.at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records a packer’s label and status change and its refused refund, not its reads', async () => {
    const packer = await staffMember(t.app, owner, 'packer', 'fulfilment');
    const { order } = await paidOrder(t.app, [[5, 1]]);
    await packer.call('GET', '/api/orders');
    expect((await packer.call('POST', `/api/orders/${order.id}/create-label`)).statusCode).toBe(200);
    expect((await packer.call('PUT', `/api/orders/${order.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    expect((await packer.call('POST', `/api/orders/${order.id}/refunds`, {})).statusCode).toBe(403);
    const { entries } = await audit('?actor=packer');
    expect(entries.map((e) => e.action)).toEqual([
      'accessRefused',
      'setOrderStatus',
      'createLabel',
      'signIn',
      'setStaffPassword',
    ]);
    expect(entries[0]?.summary).toBe('refused (fulfilment): Refund lines or an amount of a paid order, needs orders.refund');
    expect(entries[1]?.summary).toBe(`order ${order.id} marked delivered`);
    expect(entries[2]?.summary).toMatch(new RegExp(`^label bought for order ${order.id} for \\d+\\.\\d{2}, tracking `));
  });

  it('records sign-in, failed sign-in (with the username tried) and sign-out', async () => {
    expect((await login(t.app, { username: 'nobody', password: 'wrong-password-1' })).statusCode).toBe(401);
    const session = await signedIn(t.app);
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: session.cookie, origin: ORIGIN } });
    const failed = (await audit('?action=signInFailed')).entries[0];
    expect(failed).toMatchObject({ actor: 'nobody', summary: 'failed sign-in as nobody' });
    expect((await audit('?action=signOut')).entries[0]).toMatchObject({ actor: ADMIN.username });
    expect((await audit(`?actor=${ADMIN.username}&action=signIn`)).entries.length).toBeGreaterThan(0);
  });

  it('keeps a removed member’s entries under its name', async () => {
    const temp = await staffMember(t.app, owner, 'temp', 'support');
    await temp.call('POST', '/api/orders/1/notes', { text: 'A note' });
    await owner.call('DELETE', `/api/admin/staff/${temp.id}`);
    const { entries } = await audit('?actor=temp');
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const removal = (await audit('?action=removeStaff')).entries[0];
    expect(removal).toMatchObject({ actor: ADMIN.username, targetId: String(temp.id), summary: 'temp (support) removed' });
  });

  it('pages newest first with a cursor and a Link header', async () => {
    const first = await owner.call('GET', '/api/admin/audit?limit=2');
    const page = first.json() as { entries: Entry[]; next: number };
    expect(page.entries).toHaveLength(2);
    expect(page.entries[0]?.id).toBeGreaterThan(page.entries[1]?.id ?? 0);
    expect(first.headers.link).toBe(`</api/admin/audit?limit=2&cursor=${page.next}>; rel="next"`);
    const second = await audit(`?limit=2&cursor=${page.next}`);
    expect(second.entries[0]?.id).toBeLessThan(page.entries[1]?.id ?? 0);
    const all = await audit('?limit=200');
    expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((a, b) => b - a));
  });

  it('refuses bad queries with 400 and other roles with 403', async () => {
    for (const q of [
      '?cursor=abc',
      '?cursor=-1',
      '?cursor=1.5',
      '?limit=0',
      '?limit=201',
      '?limit=x',
      `?actor=${'a'.repeat(101)}`,
    ]) {
      const res = await owner.call('GET', `/api/admin/audit${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const helper = await staffMember(t.app, owner, 'helper', 'support');
    const res = await helper.call('GET', '/api/admin/audit');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your role (support) cannot read the activity log');
  });
});

describe('secrets never reach the log', () => {
  it('no password, token, link or e-mail address sent through the sensitive routes is written', async () => {
    const secrets: string[] = [];
    const wrong = 'Wrong-Secret-Password-77';
    secrets.push(wrong, ADMIN.password, STAFF_PASSWORD);
    await login(t.app, { username: ADMIN.username, password: wrong });
    await login(t.app);
    const invited = await owner.call('POST', '/api/admin/staff', { username: 'courier', role: 'fulfilment' });
    const token = tokenOf(invited.json().setPasswordUrl);
    secrets.push(token, token.split('.')[1] ?? token);
    const tooShort = 'Tiny-Pass';
    secrets.push(tooShort);
    await setPassword(t.app, { token, password: tooShort });
    const chosen = 'Courier-Chosen-Password-9';
    secrets.push(chosen);
    expect((await setPassword(t.app, { token, password: chosen })).statusCode).toBe(200);
    await login(t.app, { username: 'courier', password: chosen });
    const { order } = await paidOrder(t.app, [[5, 1]], { email: 'secret.shopper@example.com' });
    secrets.push('secret.shopper@example.com');
    await owner.call('POST', `/api/orders/${order.id}/refunds`, { amount: '1.00', reason: 'Damaged' });
    await owner.call('POST', '/api/admin/customers/erase', { email: 'secret.shopper@example.com' });
    const log = await wholeLog();
    expect(log).toContain('a customer erased');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});
