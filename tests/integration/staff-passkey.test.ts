import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, ORIGIN, sessionCookie, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { paidOrder } from '../support/after-sale.ts';
import { count, setInventory } from '../support/checkout.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';
import { as, STAFF_PASSWORD, staffMember } from '../support/staff.ts';

/**
 * Issue "The owner's keys", done when: a packer signs in with a passkey and can print labels but not
 * refund; a stolen password alone opens nothing for an admin with a second factor; the owner reads
 * who refunded an order and when.
 */
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
});
afterAll(() => t?.close());

describe('a packer with a passkey', () => {
  it('signs in with the passkey alone, prints a label, is refused a refund; the password alone opens nothing', async () => {
    const packer = await staffMember(t.app, owner, 'passkey-packer', 'fulfilment');
    const key = softAuthenticator(ORIGIN);
    const options = (await packer.call('POST', '/api/admin/passkeys/options')).json();
    expect(
      (await packer.call('POST', '/api/admin/passkeys', { response: key.create(options), name: 'Packing bench' })).statusCode,
    ).toBe(201);

    // A stolen password: a 200 that asks for the second factor, and no session.
    const stolen = await login(t.app, { username: 'passkey-packer', password: STAFF_PASSWORD });
    expect(stolen.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookie(stolen).split('=')[1] ?? '').toBe('');

    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/options',
      headers: { origin: ORIGIN },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey',
      headers: { origin: ORIGIN },
      payload: { response: key.get(challenge.json()) },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ success: true, username: 'passkey-packer' });
    const bench = as(t.app, sessionCookie(signIn));

    const { order } = await paidOrder(t.app, [[5, 1]]);
    expect((await bench('POST', `/api/orders/${order.id}/create-label`)).statusCode).toBe(200);
    expect((await bench('GET', `/api/orders/${order.id}/label`)).headers['content-type']).toBe('application/pdf');
    const refund = await bench('POST', `/api/orders/${order.id}/refunds`, { amount: '1.00' });
    expect(refund.statusCode).toBe(403);
    expect(refund.json().message).toBe('Your role (fulfilment) cannot refund orders');
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(0);

    // The owner refunds; the activity log says who refunded the order, how much and when, and who was refused.
    const refunded = await owner.call('POST', `/api/orders/${order.id}/refunds`, { amount: '2.50' });
    expect(refunded.statusCode).toBe(201);
    const log = (await owner.call('GET', '/api/admin/audit?action=refundOrder')).json() as {
      entries: { actor: string; at: string; summary: string }[];
    };
    expect(log.entries[0]).toMatchObject({ actor: ADMIN.username, summary: `order ${order.id} refunded 2.50` });
    expect(Date.now() - Date.parse(log.entries[0]?.at ?? '')).toBeLessThan(60_000);
    const signIns = (await owner.call('GET', '/api/admin/audit?actor=passkey-packer')).json() as {
      entries: { action: string }[];
    };
    expect(signIns.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['signIn', 'signInPasswordAccepted', 'createLabel', 'accessRefused']),
    );
  });
});
