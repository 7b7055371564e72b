import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ownerStore, type signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { count, newAddress, SHIPPING_DETAILS, secretOf, setInventory, shopper } from '../support/checkout.ts';

/**
 * Subscribe and save, the signup (docs/decisions/0052): the owner's intervals and discount, the
 * cart line that chooses them, the shipping step's recorded consent, and the paid first order that
 * starts one subscription with the card it saved.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

type Rows<T> = { rows: T[] };
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.database.db.execute(query)) as unknown as Rows<T>).rows;

beforeAll(async () => {
  ({ t, admin } = await ownerStore());
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 200);
});

const PRODUCT_FORM = {
  name: 'Single Bottle',
  description: 'One 30 g bottle of pre-activated smelling salts.',
  price: '18.99',
  imageUrl: '/api/product-images/single',
  isActive: true,
  inventory: 200,
  displayOrder: 0,
};

const offerOf = async (id: number) => {
  const [row] = await rows<{ weeks: number[]; pct: number }>(
    sql`select subscription_intervals_weeks as weeks, subscription_discount_percent as pct from products where id = ${id}`,
  );
  return row;
};

/** A cart with the Single Bottle subscribed every 4 weeks, its checkout open. */
async function subscribedCheckout(quantity = 1, intervalWeeks = 4) {
  const s = shopper(t.app, undefined, newAddress());
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    remoteAddress: s.ip,
    payload: { sessionId: s.sessionId, productId: 5, quantity, subscription: { intervalWeeks } },
  });
  expect(added.statusCode, added.body).toBe(201);
  const started = await s.checkout();
  expect(started.statusCode, started.body).toBe(201);
  const { paymentIntentId } = secretOf(started.json().checkoutUrl);
  return { s, paymentIntentId };
}

describe('the owner’s subscription settings', () => {
  it('saves intervals (sorted) and a discount, and the storefront answers them', async () => {
    const res = await admin.call('PUT', '/api/admin/products/6', {
      ...PRODUCT_FORM,
      name: 'Smelling Salts 3-Pack',
      price: '44.99',
      subscriptionIntervalsWeeks: [12, 8],
      subscriptionDiscountPercent: 15,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionIntervalsWeeks: [8, 12], subscriptionDiscountPercent: 15 });
    const pub = await t.app.inject({ method: 'GET', url: '/api/products/6' });
    expect(pub.json().subscription).toEqual({ intervalsWeeks: [8, 12], discountPercent: 15 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: number; subscription: unknown }[];
    expect(list.find((p) => p.id === 6)?.subscription).toEqual({ intervalsWeeks: [8, 12], discountPercent: 15 });
    // Turned off again: one-time only, and null in the answers.
    const off = await admin.call('PUT', '/api/admin/products/6', {
      ...PRODUCT_FORM,
      name: 'Smelling Salts 3-Pack',
      price: '44.99',
      subscriptionIntervalsWeeks: [],
      subscriptionDiscountPercent: 0,
    });
    expect(off.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/6' })).json().subscription).toBeNull();
  });

  it('the fresh store offers the Single Bottle every 4, 6 or 8 weeks at 10 % off', async () => {
    const pub = await t.app.inject({ method: 'GET', url: '/api/products/5' });
    expect(pub.json().subscription).toEqual({ intervalsWeeks: [4, 6, 8], discountPercent: 10 });
  });

  it.each([
    ['an interval of 0', { subscriptionIntervalsWeeks: [0] }],
    ['an interval of 53', { subscriptionIntervalsWeeks: [53] }],
    ['a fractional interval', { subscriptionIntervalsWeeks: [4.5] }],
    ['duplicates', { subscriptionIntervalsWeeks: [4, 4] }],
    ['seven intervals', { subscriptionIntervalsWeeks: [1, 2, 3, 4, 5, 6, 7] }],
    ['strings', { subscriptionIntervalsWeeks: ['4'] }],
    ['a list as text', { subscriptionIntervalsWeeks: '4,6' }],
    ['51 %', { subscriptionDiscountPercent: 51 }],
    ['a negative discount', { subscriptionDiscountPercent: -1 }],
    ['a discount as text', { subscriptionDiscountPercent: '10' }],
  ])('refuses %s with 400 and a message, writing nothing', async (_name, fields) => {
    const before = await offerOf(5);
    const res = await admin.call('PUT', '/api/admin/products/5', { ...PRODUCT_FORM, ...fields });
    expect(res.statusCode, res.body).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(await offerOf(5)).toEqual(before);
  });
});

describe('a cart line that subscribes', () => {
  it('is priced with the discount and answered back, on the line and in GET /api/cart', async () => {
    const s = shopper(t.app, undefined, newAddress());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { sessionId: s.sessionId, productId: 5, quantity: 2, subscription: { intervalWeeks: 6 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    // 18.99 less 10 %: 1.899 rounds half up to 1.90 off, 17.09 a unit.
    expect(res.json()).toMatchObject({ unitPrice: '17.09', subscription: { intervalWeeks: 6, discountPercent: 10 } });
    expect(res.json().product.price).toBe('18.99');
    const cart = (await t.app.inject({ method: 'GET', url: `/api/cart/${s.sessionId}` })).json();
    expect(cart[0]).toMatchObject({ quantity: 2, unitPrice: '17.09', subscription: { intervalWeeks: 6, discountPercent: 10 } });
    // The line says what its product offers, for the cart's delivery choice; the 3-Pack offers nothing.
    expect(cart[0].product.subscription).toEqual({ intervalsWeeks: [4, 6, 8], discountPercent: 10 });
    expect((await s.add(6, 1)).json().product.subscription).toBeNull();

    // Added again without a choice: the line keeps it; with null: one-time at the full price.
    const again = await s.add(5, 1);
    expect(again.json()).toMatchObject({ quantity: 3, subscription: { intervalWeeks: 6 } });
    const id = again.json().id as string;
    const oneTime = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${id}`,
      headers: { 'x-session-id': s.sessionId },
      payload: { quantity: 3, subscription: null },
    });
    expect(oneTime.statusCode, oneTime.body).toBe(200);
    expect(oneTime.json()).toMatchObject({ unitPrice: '18.99', subscription: null });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${id}`,
      headers: { 'x-session-id': s.sessionId },
      payload: { quantity: 1, subscription: { intervalWeeks: 8 } },
    });
    expect(changed.json()).toMatchObject({ quantity: 1, unitPrice: '17.09', subscription: { intervalWeeks: 8 } });
  });

  it('refuses an interval not offered, or a product without subscriptions, with 400 and nothing written', async () => {
    const s = shopper(t.app, undefined, newAddress());
    for (const [productId, intervalWeeks, message] of [
      [5, 5, 'Single Bottle does not come every 5 weeks. Choose 4, 6, 8 weeks.'],
      [6, 4, 'Smelling Salts 3-Pack is sold one-time only; it has no subscription.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { sessionId: s.sessionId, productId, quantity: 1, subscription: { intervalWeeks } },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const subscription of [{ intervalWeeks: 0 }, { intervalWeeks: '4' }, { intervalWeeks: 4, extra: 1 }, 'monthly']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { sessionId: s.sessionId, productId: 5, quantity: 1, subscription },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await count(t.app, 'cart_items', `session_id = '${s.sessionId}'`)).toBe(0);
  });
});

describe('the shipping step of a checkout holding a subscription', () => {
  it('refuses it without the consent box, saving nothing', async () => {
    const { paymentIntentId } = await subscribedCheckout();
    for (const consent of [{}, { subscriptionConsent: false }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/shipping',
        payload: { paymentIntentId, ...SHIPPING_DETAILS, ...consent },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/agree to the subscription terms/);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/orders/shipping',
      payload: { paymentIntentId, ...SHIPPING_DETAILS, subscriptionConsent: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    expect(order?.email).toBeNull();
    expect(order?.subscriptionConsentAt).toBeNull();
  });

  it('records the consent with its time, the terms shown and the shopper’s network', async () => {
    const { s, paymentIntentId } = await subscribedCheckout(2);
    const view = (await t.app.inject({ method: 'GET', url: `/api/checkout/${paymentIntentId}` })).json();
    expect(view.items[0]).toMatchObject({ unitPrice: '17.09', lineTotal: '34.18', subscription: { intervalWeeks: 4 } });
    expect(view.subscription).toMatchObject({ intervalWeeks: 4, discountPercent: 10, amount: '34.18', consented: false });
    expect(view.subscription.terms).toContain('$34.18 (10 % off)');
    expect(view.subscription.terms).toContain('every 4 weeks');
    expect(view.subscription.terms).toContain('Cancel any time from the link in every e-mail or your subscription page.');
    const before = Date.now();
    const res = await s.ship(paymentIntentId, { subscriptionConsent: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription.consented).toBe(true);
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    expect(order?.subscriptionConsentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(order?.subscriptionConsentText).toContain(view.subscription.terms);
    expect(order?.subscriptionConsentText).toContain(view.subscription.consentLabel);
    expect(order?.subscriptionConsentNetwork).toBe(s.ip);
  });

  it('a checkout without a subscription line needs no consent and records none', async () => {
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 1);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/${paymentIntentId}` })).json().subscription).toBeNull();
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect((await s.pay(paymentIntentId)).json().status).toBe('succeeded');
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    expect(order?.subscriptionConsentAt).toBeNull();
    expect(await count(t.app, 'subscriptions', `first_order_id = ${order?.id}`)).toBe(0);
    const [line] = await rows<{ price: number }>(
      sql`select unit_price_cents as price from order_items where order_id = ${order?.id}`,
    );
    expect(line?.price).toBe(1899);
  });
});

describe('paying the first order', () => {
  it('starts exactly one subscription with the card it saved, however often it completes', async () => {
    const { s, paymentIntentId } = await subscribedCheckout(2, 6);
    expect((await s.ship(paymentIntentId, { subscriptionConsent: true })).statusCode).toBe(200);
    const paid = await s.pay(paymentIntentId);
    expect(paid.json().status).toBe('succeeded');
    await Promise.all(Array.from({ length: 10 }, () => s.complete(paymentIntentId)));
    await t.app.services.checkout.completePayment(paymentIntentId);
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    if (!order?.paidAt) throw new Error('not paid');
    expect(order.totalCents).toBe(1709 * 2 + order.shippingCents + order.taxCents);
    const subs = await rows<{
      id: number;
      status: string;
      email: string;
      interval_weeks: number;
      discount_percent: number;
      payment_method_id: string | null;
      provider_customer_id: string | null;
      card_last4: string | null;
      consent_network: string;
      consent_text: string;
      next_renewal_at: string;
    }>(sql`select * from subscriptions where first_order_id = ${order.id}`);
    expect(subs).toHaveLength(1);
    const sub = subs[0];
    if (!sub) throw new Error('no subscription');
    expect(sub).toMatchObject({
      status: 'active',
      email: 'dana.lee@example.com',
      interval_weeks: 6,
      discount_percent: 10,
      card_last4: '4242',
      consent_network: s.ip,
    });
    expect(sub.consent_text).toBe(order.subscriptionConsentText);
    expect(new Date(sub.next_renewal_at).getTime()).toBe(order.paidAt.getTime() + 6 * 7 * 86_400_000);
    const [card] = await rows<{ customer_id: string; declines_off_session: boolean }>(
      sql`select customer_id, declines_off_session from test_payment_methods where id = ${sub.payment_method_id}`,
    );
    expect(card).toEqual({ customer_id: sub.provider_customer_id, declines_off_session: false });
    expect(await count(t.app, 'subscription_items', `subscription_id = ${sub.id} and product_id = 5 and quantity = 2`)).toBe(1);
    expect(await count(t.app, 'subscription_events', `subscription_id = ${sub.id} and kind = 'created'`)).toBe(1);
    // The saved card charges off-session, as a renewal will.
    const charged = await t.app.services.payments.chargeSaved({
      orderId: order.id,
      amountCents: 1709,
      customerId: sub.provider_customer_id ?? '',
      paymentMethodId: sub.payment_method_id ?? '',
      idempotencyKey: `test-renewal-${sub.id}`,
    });
    expect(charged.status).toBe('succeeded');

    // The confirmation states the terms and links the subscription page (a token signed when the mail
    // was made: its expiry second may differ from one signed now, so the link is read back).
    const confirmation = () => t.app.mailer.sent.filter((m) => m.subject.includes(`order #${order.id} is confirmed`));
    await eventually(async () => confirmation().length > 0);
    expect(confirmation()).toHaveLength(1);
    expect(confirmation()[0]?.text).toContain('$34.18 (10 % off) plus shipping and tax');
    expect(confirmation()[0]?.text).toContain('every 6 weeks');
    const token = /http:\/\/store\.test\/subscriptions\/([\w-]+\.[\w-]+)/.exec(confirmation()[0]?.text ?? '')?.[1] ?? '';
    expect(t.app.services.subscriptions.idOfToken(token)).toBe(sub.id);
    expect(confirmation()[0]?.html).toContain(`http://store.test/subscriptions/${token}`);
  });

  it('with 4000 0000 0000 0341 the first payment succeeds and the saved card declines off-session', async () => {
    const { s, paymentIntentId } = await subscribedCheckout();
    await s.ship(paymentIntentId, { subscriptionConsent: true });
    expect((await s.pay(paymentIntentId, '4000 0000 0000 0341')).json().status).toBe('succeeded');
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    const [sub] = await rows<{ payment_method_id: string; provider_customer_id: string; card_last4: string }>(
      sql`select payment_method_id, provider_customer_id, card_last4 from subscriptions where first_order_id = ${order?.id}`,
    );
    expect(sub?.card_last4).toBe('0341');
    const declined = await t.app.services.payments.chargeSaved({
      orderId: order?.id ?? 0,
      amountCents: 1709,
      customerId: sub?.provider_customer_id ?? '',
      paymentMethodId: sub?.payment_method_id ?? '',
      idempotencyKey: `test-renewal-0341-${order?.id}`,
    });
    expect(declined).toMatchObject({ status: 'requires_payment_method', message: 'Your card was declined.' });
  });

  it('a one-time order saves no card', async () => {
    const before = await count(t.app, 'test_payment_methods');
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 1);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId);
    expect((await s.pay(paymentIntentId)).json().status).toBe('succeeded');
    expect(await count(t.app, 'test_payment_methods')).toBe(before);
  });
});
