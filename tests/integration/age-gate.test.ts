import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ownerStore, type signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { count, SHIPPING_DETAILS, secretOf, setInventory, shopper } from '../support/checkout.ts';

/**
 * The age gate (issue "Sell it lawfully", item 3; docs/decisions/0048): the shipping step carries the
 * shopper's "I confirm I am 18 or older", the owner sets the age (18, 21) or turns it off, a step
 * without it is refused with nothing saved, and the order keeps when and which age was confirmed.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const SETTINGS = {
  shippingRate: '3.91',
  freeShippingOver: null,
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '+1-800-555-0199',
  ownerEmail: null,
  reminderDelayHours: null,
};
const setAge = async (minimumAge: 18 | 21 | null) => {
  const res = await admin.call('PUT', '/api/admin/settings', { ...SETTINGS, minimumAge });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().minimumAge).toBe(minimumAge);
};

beforeAll(async () => {
  ({ t, admin } = await ownerStore());
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setAge(18);
});

async function openCheckout() {
  const s = shopper(t.app);
  await s.add(5, 1);
  const { paymentIntentId, secret } = secretOf((await s.checkout()).json().checkoutUrl);
  return { s, paymentIntentId, secret };
}
const orderOf = async (paymentIntentId: string) => {
  const o = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!o) throw new Error('no order');
  return o;
};

describe('the shipping step’s age box', () => {
  it('is asked by default at 18: without it, 400 with the message and nothing saved', async () => {
    const { paymentIntentId } = await openCheckout();
    const { ageConfirmed: _ticked, ...untickedDetails } = SHIPPING_DETAILS;
    for (const body of [untickedDetails, { ...untickedDetails, ageConfirmed: false }]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/orders/shipping',
        payload: { paymentIntentId, ...body },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'Please confirm you are 18 or older. You must be 18 or older to buy from this store.',
        fieldErrors: { ageConfirmed: [expect.stringContaining('18 or older')] },
      });
    }
  });

  it('refuses a step without it and writes nothing, not even a history line', async () => {
    const { paymentIntentId } = await openCheckout();
    const { ageConfirmed: _ticked, ...untickedDetails } = SHIPPING_DETAILS;
    const order = await orderOf(paymentIntentId);
    const events = await count(t.app, 'order_events', `order_id = ${order.id}`);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders/shipping',
      payload: { paymentIntentId, ...untickedDetails },
    });
    expect(refused.statusCode).toBe(400);
    const after = await orderOf(paymentIntentId);
    expect(after.email).toBeNull();
    expect(after.shippingAddress).toBeNull();
    expect(after.ageConfirmedAt).toBeNull();
    expect(await count(t.app, 'order_events', `order_id = ${order.id}`)).toBe(events);
  });

  it('takes only a real true: a string, a number or null is a 400 with a message', async () => {
    const { paymentIntentId } = await openCheckout();
    for (const ageConfirmed of ['true', 1, null, 'yes']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/shipping',
        payload: { paymentIntentId, ...SHIPPING_DETAILS, ageConfirmed },
      });
      expect(res.statusCode, String(ageConfirmed)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await orderOf(paymentIntentId)).email).toBeNull();
  });

  it('records when the age was confirmed and which, with the step it came with', async () => {
    const { s, paymentIntentId } = await openCheckout();
    const before = Date.now();
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    const saved = await orderOf(paymentIntentId);
    expect(saved.ageConfirmed).toBe(18);
    expect(saved.ageConfirmedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // A second save without the box is refused and leaves the first save, its confirmation included, as it was.
    const again = await s.ship(paymentIntentId, { ageConfirmed: false, city: 'Dayton' });
    expect(again.statusCode).toBe(400);
    const kept = await orderOf(paymentIntentId);
    expect(kept.shippingCity).toBe('Columbus');
    expect(kept.ageConfirmedAt?.toISOString()).toBe(saved.ageConfirmedAt?.toISOString());
  });

  it('asks 21 when the owner sets 21, and a step confirmed at 18 must confirm again before paying', async () => {
    const { s, paymentIntentId, secret } = await openCheckout();
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    await setAge(21);
    const paid = await s.pay(secret);
    expect(paid.json()).toEqual({
      status: 'requires_payment_method',
      message: 'Please go back to your shipping details and confirm you are 21 or older.',
    });
    expect((await orderOf(paymentIntentId)).paidAt).toBeNull();
    const refused = await s.ship(paymentIntentId, { ageConfirmed: false });
    expect(refused.json().message).toContain('21 or older');
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect((await orderOf(paymentIntentId)).ageConfirmed).toBe(21);
    expect((await s.pay(secret)).json().status).toBe('succeeded');
  });

  it('is not asked when the owner turns it off, and the order then records none', async () => {
    await setAge(null);
    const { s, paymentIntentId, secret } = await openCheckout();
    const { ageConfirmed: _ticked, ...untickedDetails } = SHIPPING_DETAILS;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/shipping',
      payload: { paymentIntentId, ...untickedDetails },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = await orderOf(paymentIntentId);
    expect(saved.ageConfirmedAt).toBeNull();
    expect(saved.ageConfirmed).toBeNull();
    expect((await s.pay(secret)).json().status).toBe('succeeded');
  });

  it('stops a checkout saved before the gate was on from paying until its age is confirmed', async () => {
    await setAge(null);
    const { s, paymentIntentId, secret } = await openCheckout();
    const { ageConfirmed: _ticked, ...untickedDetails } = SHIPPING_DETAILS;
    await t.app.inject({ method: 'POST', url: '/api/orders/shipping', payload: { paymentIntentId, ...untickedDetails } });
    await setAge(18);
    const paid = await s.pay(secret);
    expect(paid.json().status).toBe('requires_payment_method');
    expect(paid.json().message).toContain('18 or older');
    expect((await orderOf(paymentIntentId)).paidAt).toBeNull();
  });

  it('takes only 18, 21 or off as the setting', async () => {
    for (const minimumAge of [16, 19, '18', 0, true]) {
      const res = await admin.call('PUT', '/api/admin/settings', { ...SETTINGS, minimumAge });
      expect(res.statusCode, String(minimumAge)).toBe(400);
      expect(res.json().message).toContain('The minimum age must be 18, 21 or off');
    }
    expect((await admin.call('GET', '/api/admin/settings')).json().minimumAge).toBe(18);
  });
});
