import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, login, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { paidOrder } from '../support/after-sale.ts';
import { count, setInventory } from '../support/checkout.ts';
import { as, setPassword, STAFF_PASSWORD, staffMember, tokenOf } from '../support/staff.ts';

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
  vi.useRealTimers();
  await t?.close();
});

const invite = (username: string, role = 'fulfilment') => owner.call('POST', '/api/admin/staff', { username, role });

describe('roles', () => {
  it('the packer (fulfilment) prints labels and changes status, and is refused money, discounts, settings, staff, customers and exports', async () => {
    const packer = await staffMember(t.app, owner, 'packer', 'fulfilment');
    const { order } = await paidOrder(t.app);
    const me = (await packer.call('GET', '/api/admin/me')).json();
    expect(me).toMatchObject({ username: 'packer', role: 'fulfilment' });
    expect(me.permissions).toContain('labels.buy');
    expect(me.permissions).not.toContain('orders.refund');

    expect((await packer.call('GET', '/api/orders')).statusCode).toBe(200);
    const label = await packer.call('POST', `/api/orders/${order.id}/create-label`);
    expect(label.statusCode).toBe(200);
    expect((await packer.call('GET', `/api/orders/${order.id}/label`)).headers['content-type']).toBe('application/pdf');
    expect((await packer.call('GET', `/api/orders/${order.id}/packing-slip`)).statusCode).toBe(200);
    expect((await packer.call('PUT', `/api/orders/${order.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    expect((await packer.call('POST', `/api/orders/${order.id}/notes`, { text: 'Left at the door' })).statusCode).toBe(201);

    const refund = await packer.call('POST', `/api/orders/${order.id}/refunds`, { amount: '1.00' });
    expect(refund.statusCode).toBe(403);
    expect(refund.json().message).toBe('Your role (fulfilment) cannot refund orders');
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(0);
    const refused: [string, string, unknown?][] = [
      ['POST', `/api/orders/${order.id}/cancel`, {}],
      ['GET', '/api/admin/discounts'],
      ['POST', '/api/admin/discounts', { code: 'FREE', kind: 'percent', value: '100' }],
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', {}],
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff', { username: 'mole', role: 'owner' }],
      ['GET', '/api/admin/customers'],
      ['POST', '/api/admin/customers/erase', { email: 'dana@example.com' }],
      ['GET', '/api/orders/export.csv'],
      ['GET', '/api/admin/customers/export.csv'],
      ['GET', '/api/analytics'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url, body] of refused) {
      const res = await packer.call(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/^Your role \(fulfilment\) cannot /);
    }
    expect(await count(t.app, 'admin_users', `username = 'mole'`)).toBe(0);
    expect(await count(t.app, 'discount_codes', `code = 'FREE'`)).toBe(0);
  });

  it('support reads orders and customers and writes notes, and is refused money and labels', async () => {
    const helper = await staffMember(t.app, owner, 'helper', 'support');
    const { order } = await paidOrder(t.app, [[5, 1]]);
    expect((await helper.call('GET', '/api/orders')).statusCode).toBe(200);
    expect((await helper.call('GET', '/api/admin/customers')).statusCode).toBe(200);
    expect((await helper.call('GET', '/api/admin/reviews')).statusCode).toBe(200);
    expect((await helper.call('POST', `/api/orders/${order.id}/notes`, { text: 'Called about the parcel' })).statusCode).toBe(
      201,
    );
    const refused: [string, string, unknown?][] = [
      ['POST', `/api/orders/${order.id}/refunds`, { amount: '1.00' }],
      ['POST', `/api/orders/${order.id}/cancel`, {}],
      ['POST', `/api/orders/${order.id}/create-label`],
      ['POST', `/api/orders/${order.id}/rates`],
      ['GET', `/api/orders/${order.id}/label`],
      ['PUT', `/api/orders/${order.id}/status`, { status: 'shipped' }],
      ['PUT', '/api/admin/settings', {}],
      ['POST', '/api/admin/discounts', {}],
      ['PUT', '/api/admin/products/5/set-inventory', { inventory: 0 }],
    ];
    for (const [method, url, body] of refused) {
      const res = await helper.call(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/^Your role \(support\) cannot /);
    }
    expect((await t.app.services.orders.adminOrder(order.id)).trackingNumber).toBeNull();
  });

  it('a request without a session is still 401, before any permission', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders/1/refunds', headers: { origin: 'http://store.test' } });
    expect(res.statusCode).toBe(401);
  });

  it('the owner’s /me lists every permission', async () => {
    const me = (await owner.call('GET', '/api/admin/me')).json();
    expect(me.role).toBe('owner');
    expect(me.permissions).toEqual(expect.arrayContaining(['orders.refund', 'staff.manage', 'audit.read']));
  });
});

describe('invitations and the set-password link', () => {
  it('the invited member cannot sign in until it sets a password; the link works once', async () => {
    const res = await invite('newbie', 'support');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'newbie', role: 'support' });
    expect(body.setPasswordUrl).toMatch(/^http:\/\/store\.test\/admin\/set-password\?token=/);
    expect((await login(t.app, { username: 'newbie', password: '!invited' })).statusCode).toBe(401);
    const list = (await owner.call('GET', '/api/admin/staff')).json();
    expect(list.find((m: { username: string }) => m.username === 'newbie')).toMatchObject({ active: false, role: 'support' });

    const token = tokenOf(body.setPasswordUrl);
    const short = await setPassword(t.app, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 10 characters/);
    const first = await setPassword(t.app, { token, password: STAFF_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, username: 'newbie' });
    const again = await setPassword(t.app, { token, password: 'another-password-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
    expect((await login(t.app, { username: 'newbie', password: 'another-password-1' })).statusCode).toBe(401);
    expect((await login(t.app, { username: 'newbie', password: STAFF_PASSWORD })).statusCode).toBe(200);
  });

  it('a link expires after 24 hours', async () => {
    const { setPasswordUrl } = (await invite('latecomer')).json();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3_600_000 + 1000 });
    const res = await setPassword(t.app, { token: tokenOf(setPasswordUrl), password: STAFF_PASSWORD });
    vi.useRealTimers();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
    expect((await login(t.app, { username: 'latecomer', password: STAFF_PASSWORD })).statusCode).toBe(401);
  });

  it('a forged or mangled token is refused', async () => {
    const { setPasswordUrl } = (await invite('target')).json();
    const token = tokenOf(setPasswordUrl);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, userId: 1 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${signature.slice(0, -2)}AA`, 'x', 'a.b.c', `${payload}.`]) {
      const res = await setPassword(t.app, { token: bad, password: STAFF_PASSWORD });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/not valid/);
    }
    // The owner's password did not change.
    expect((await login(t.app)).statusCode).toBe(200);
  });

  it('bad input is refused with a message and writes nothing', async () => {
    const before = await count(t.app, 'admin_users');
    const bodies = [
      {},
      { username: 'x' },
      { username: 'ok-name', role: 'admin' },
      { username: 'has space', role: 'support' },
      { username: 'a'.repeat(101), role: 'support' },
      { username: 'extra', role: 'support', password: 'x' },
      { username: ['a'], role: 'support' },
    ];
    for (const b of bodies) {
      const res = await owner.call('POST', '/api/admin/staff', b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await invite(ADMIN.username, 'support')).statusCode).toBe(409);
    expect(await count(t.app, 'admin_users')).toBe(before);
    expect((await owner.call('PUT', '/api/admin/staff/abc', { role: 'support' })).statusCode).toBe(400);
    expect((await owner.call('PUT', '/api/admin/staff/1', { role: 'king' })).statusCode).toBe(400);
    expect((await owner.call('PUT', '/api/admin/staff/1', {})).statusCode).toBe(400);
    expect((await owner.call('PUT', '/api/admin/staff/99999', { role: 'support' })).statusCode).toBe(404);
    expect((await owner.call('DELETE', '/api/admin/staff/-1')).statusCode).toBe(400);
    expect((await owner.call('DELETE', '/api/admin/staff/99999')).statusCode).toBe(404);
    for (const b of [
      {},
      { token: '' },
      { token: 'x' },
      { password: 'long-enough-pass' },
      { token: 'a'.repeat(2000), password: 'x' },
    ]) {
      expect((await setPassword(t.app, b, '10.9.9.9')).statusCode, JSON.stringify(b)).toBe(400);
    }
  });

  it('set-password is limited per network', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await setPassword(t.app, { token: `guess.${i}`, password: STAFF_PASSWORD }, '10.7.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await setPassword(t.app, { token: 'guess.x', password: STAFF_PASSWORD }, '10.8.0.1')).statusCode).toBe(400);
  });
});

describe('owners, role changes and removal', () => {
  it('the last owner cannot be removed or demoted', async () => {
    const ownerId = (await owner.call('GET', '/api/admin/staff'))
      .json()
      .find((m: { username: string }) => m.username === ADMIN.username).id;
    const demote = await owner.call('PUT', `/api/admin/staff/${ownerId}`, { role: 'support' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/always have an owner/);
    expect((await owner.call('DELETE', `/api/admin/staff/${ownerId}`)).statusCode).toBe(409);
    expect((await owner.call('GET', '/api/admin/me')).json().role).toBe('owner');
  });

  it('a second owner can be made, and then either can go', async () => {
    const partner = await staffMember(t.app, owner, 'partner', 'support');
    expect((await owner.call('PUT', `/api/admin/staff/${partner.id}`, { role: 'owner' })).json()).toMatchObject({
      role: 'owner',
    });
    // The role change ended its session: it signs in again under the new role.
    expect((await partner.call('GET', '/api/admin/me')).statusCode).toBe(401);
    const again = as(
      t.app,
      (await login(t.app, { username: 'partner', password: STAFF_PASSWORD })).headers['set-cookie']?.toString().split(';')[0] ??
        '',
    );
    expect((await again('GET', '/api/admin/staff')).statusCode).toBe(200);
    expect((await owner.call('DELETE', `/api/admin/staff/${partner.id}`)).statusCode).toBe(200);
  });

  it('a removed member’s session stops working on its next request', async () => {
    const temp = await staffMember(t.app, owner, 'temp', 'fulfilment');
    expect((await temp.call('GET', '/api/orders')).statusCode).toBe(200);
    expect((await owner.call('DELETE', `/api/admin/staff/${temp.id}`)).json()).toEqual({ success: true });
    expect((await temp.call('GET', '/api/orders')).statusCode).toBe(401);
    expect((await login(t.app, { username: 'temp', password: STAFF_PASSWORD })).statusCode).toBe(401);
    expect(await count(t.app, 'admin_devices', `admin_user_id = ${temp.id}`)).toBe(0);
  });
});
