import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreSettings } from '#shared/settings.ts';
import { ORIGIN, ownerStore, signedIn } from '../support/admin.ts';
import { paidOrder } from '../support/after-sale.ts';
import { createRestartableStore, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';

/**
 * Store settings in the dashboard (issue "Grow the store", item 2): the shipping rate, free shipping
 * over an amount, the support contacts and the owner's alert address, in the database, the
 * environment only the first start's defaults. On PGlite and on PostgreSQL.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({ SUPPORT_EMAIL: 'help@ironwake.test', OWNER_EMAIL: 'owner@ironwake.test' }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 100);
});

const SETTINGS = {
  shippingRate: '3.91',
  freeShippingOver: null as string | null,
  supportEmail: 'help@ironwake.test',
  supportPhone: '+1-800-555-0199',
  ownerEmail: 'owner@ironwake.test' as string | null,
  reminderDelayHours: null as number | null,
};
const save = (body: unknown, headers: Record<string, string> = {}) => admin.call('PUT', '/api/admin/settings', body, headers);

/** A checkout of these lines; its order's totals. */
async function checkoutOf(lines: [number, number][]) {
  const s = shopper(t.app);
  for (const [id, q] of lines) await s.add(id, q);
  const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  const order = await t.app.services.orders.byPaymentId(paymentIntentId);
  return { subtotal: order?.subtotalCents, shipping: order?.shippingCents, total: order?.totalCents };
}

describe('the settings', () => {
  it('start from the environment and the store’s defaults', async () => {
    const res = await admin.call('GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...SETTINGS, updatedBy: null });
  });

  it('set the shipping rate and free shipping over an amount, reached by the subtotal', async () => {
    const saved = await save({ ...SETTINGS, shippingRate: '5.50', freeShippingOver: '50.00' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ shippingRate: '5.50', freeShippingOver: '50.00', updatedBy: 'owner' });
    // 2 bottles: 37.98 + 5.50; 3 bottles: 56.97, free.
    expect(await checkoutOf([[5, 2]])).toEqual({ subtotal: 3798, shipping: 550, total: 4348 });
    expect(await checkoutOf([[5, 3]])).toEqual({ subtotal: 5697, shipping: 0, total: 5697 });
    await save(SETTINGS);
    expect(await checkoutOf([[5, 3]])).toEqual({ subtotal: 5697, shipping: 391, total: 6088 });
  });

  it('put the support contacts in the e-mails and send the owner’s alerts to the address set', async () => {
    await save({
      ...SETTINGS,
      supportEmail: 'care@ironwake.test',
      supportPhone: '+1 614 555 0142',
      ownerEmail: 'boss@ironwake.test',
    });
    const { order } = await paidOrder(t.app, [[5, 1]]);
    const confirmation = t.app.mailer.sent.find((m) => m.subject === `Your Ironwake order #${order.id} is confirmed`);
    expect(confirmation?.text).toContain('write to care@ironwake.test or call +1 614 555 0142');
    // The stock falls into the low band: the alert goes to the address now set.
    await setInventory(t.app, 6, 11);
    await paidOrder(t.app, [[6, 1]]);
    expect(
      await eventually(async () => t.app.mailer.sent.some((m) => m.to === 'boss@ironwake.test' && /Low stock/.test(m.subject))),
    ).toBe(true);
    await save(SETTINGS);
  });

  it('refuse bad values with a 400 that says what is wrong, and keep the settings', async () => {
    const before = (await admin.call('GET', '/api/admin/settings')).json() as StoreSettings;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ shippingRate: 'abc' }, /shipping rate must be an amount/],
      [{ shippingRate: '-1' }, /shipping rate must be an amount/],
      [{ shippingRate: '1000.01' }, /at most 1000\.00/],
      [{ shippingRate: 3.91 }, /shipping rate must be an amount/],
      [{ freeShippingOver: '' }, /Required/],
      [{ freeShippingOver: '1.234' }, /free-shipping amount must be an amount/],
      [{ supportEmail: 'not an address' }, /e-mail address/],
      [{ supportEmail: '' }, /Required/],
      [{ supportPhone: 'call us' }, /phone number/],
      [{ ownerEmail: 'x@' }, /e-mail address/],
      [{ reminderDelayHours: 0 }, /between 1 and 48 hours/],
      [{ reminderDelayHours: 49 }, /between 1 and 48 hours/],
      [{ reminderDelayHours: 1.5 }, /whole number/],
      [{ reminderDelayHours: '2' }, /whole number of hours/],
      [{ extra: true }, /./],
      [{ supportPhone: '+1 800\u0000' }, /./],
    ];
    for (const [change, message] of cases) {
      const res = await save({ ...SETTINGS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(change)).toMatch(message);
    }
    const missing = { ...SETTINGS } as Record<string, unknown>;
    delete missing.supportPhone;
    expect((await save(missing)).statusCode).toBe(400);
    expect((await admin.call('GET', '/api/admin/settings')).json()).toEqual(before);
  });

  it('are the owner’s alone: 401 without a session, 403 from another origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { origin: ORIGIN },
      payload: SETTINGS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await save({ ...SETTINGS, shippingRate: '0.01' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await admin.call('GET', '/api/admin/settings')).json().shippingRate).toBe('3.91');
    expect(await count(t.app, 'store_settings')).toBe(1);
  });

  it('answer each change with what it saved and keep the newest, however closely changes follow each other', async () => {
    // Each save has the settings read again on its announcement (LISTEN/NOTIFY on PostgreSQL); a
    // read that began before the next save must not put the older values back.
    for (let i = 1; i <= 40; i += 1) {
      const rate = `4.${String(i).padStart(2, '0')}`;
      const res = await save({ ...SETTINGS, shippingRate: rate, minimumAge: i % 2 ? null : 21 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), `save ${i}`).toMatchObject({ shippingRate: rate, minimumAge: i % 2 ? null : 21 });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await admin.call('GET', '/api/admin/settings')).json()).toMatchObject({ shippingRate: '4.40', minimumAge: 21 });
    await save(SETTINGS);
  });
});

describe('the environment after the first start', () => {
  it('changes nothing the owner set: the settings stay the database’s', async () => {
    const store = await createRestartableStore();
    try {
      const first = await store.start({
        SUPPORT_EMAIL: 'first@ironwake.test',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'correct-horse-battery',
      });
      const owner = await signedIn(first);
      await owner.call('PUT', '/api/admin/settings', {
        ...SETTINGS,
        supportEmail: 'chosen@ironwake.test',
        freeShippingOver: '40.00',
      });
      const second = await store.start({
        SUPPORT_EMAIL: 'second@ironwake.test',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'correct-horse-battery',
      });
      const again = await signedIn(second);
      expect((await again.call('GET', '/api/admin/settings')).json()).toMatchObject({
        supportEmail: 'chosen@ironwake.test',
        freeShippingOver: '40.00',
      });
    } finally {
      await store.close();
    }
  });
});
