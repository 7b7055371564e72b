import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, inventoryOf, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { browserStripeOf, FAKE_KEYS, type FakeStripe } from '../support/fake-stripe.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * The store with the three Stripe variables set, through the real `stripe` SDK against a local
 * fake of Stripe's API (tests/support/fake-stripe.ts), on PGlite and on PostgreSQL.
 */
let fake: FakeStripe;
let t: TestApp;
/** The shopper's side of Stripe (what Stripe.js does in the browser), through the same SDK. */
let stripeClient: Stripe;

let store: Awaited<ReturnType<typeof startStripeStore>>;
beforeAll(async () => {
  store = await startStripeStore();
  ({ fake, t, stripeClient } = store);
});
afterAll(() => store?.close());
beforeEach(async () => {
  fake.down = false;
  await setInventory(t.app, 5, 250);
  await setInventory(t.app, 6, 120);
});

const sent = () => t.app.mailer.sent;

async function startedCheckout(lines: [number, number][] = [[5, 2]]) {
  const s = shopper(t.app);
  for (const [id, q] of lines) expect((await s.add(id, q)).statusCode).toBe(201);
  const res = await s.checkout();
  expect(res.statusCode).toBe(201);
  const ids = secretOf(res.json().checkoutUrl);
  expect((await s.ship(ids.paymentIntentId)).statusCode).toBe(200);
  return { s, ...ids };
}

/** The shopper pays at Stripe with one of its test payment methods. */
async function payAtStripe(paymentIntentId: string, paymentMethod = 'pm_card_visa') {
  return stripeClient.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod }).catch((err: unknown) => err);
}

function webhook(payload: string, signature?: string, contentType = 'application/json; charset=utf-8') {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

async function orderOf(paymentIntentId: string) {
  const { rows } = (await t.app.database.db.execute(
    sql`select id, status, payment_issue as "paymentIssue" from orders where payment_intent_id = ${paymentIntentId}`,
  )) as unknown as { rows: { id: number; status: string; paymentIssue: string | null }[] };
  const order = rows[0];
  if (!order) throw new Error(`no order for ${paymentIntentId}`);
  return order;
}

describe('checkout through Stripe', () => {
  it('creates a PaymentIntent for the database total with an idempotency key, and keeps no client secret', async () => {
    const before = fake.requests.length;
    const s = shopper(t.app);
    await s.add(5, 2);
    await s.add(6, 1);
    const res = await s.checkout();
    expect(res.statusCode).toBe(201);
    const { secret, paymentIntentId } = secretOf(res.json().checkoutUrl);
    const intent = fake.intents.get(paymentIntentId);
    expect(intent?.client_secret).toBe(secret);
    // 2 × 18.99 + 44.99 + 3.91 shipping
    // Automatic payment methods without redirects (tests/integration/stripe-wallets.test.ts).
    expect(intent).toMatchObject({
      amount: 8688,
      currency: 'usd',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });

    const creates = fake.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.idempotencyKey).toMatch(/^order-\d+-\d+$/);
    const order = await orderOf(paymentIntentId);
    expect(intent?.metadata).toEqual({ order_id: String(order.id) });

    expect(
      await count(
        t.app,
        'payments',
        `provider_payment_id = '${paymentIntentId}' and provider = 'stripe' and client_secret_hash is null`,
      ),
    ).toBe(1);
    const page = (await t.app.inject({ url: `/api/checkout/${paymentIntentId}` })).json();
    expect(page).toMatchObject({ provider: 'stripe', total: '86.88' });
  });

  it('marks the order paid only once Stripe says the payment succeeded', async () => {
    const mails = sent().length;
    const { s, paymentIntentId } = await startedCheckout();

    const early = await s.complete(paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');

    const paid = (await payAtStripe(paymentIntentId)) as Stripe.PaymentIntent;
    expect(paid.status).toBe('succeeded');
    const done = await s.complete(paymentIntentId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, status: 'paid' });
    await eventually(async () => sent().length > mails); // the e-mail goes out in the background
    expect(sent().length).toBe(mails + 1);
    expect((await t.app.inject({ url: `/api/cart/${s.sessionId}` })).json()).toEqual([]);
    expect(await count(t.app, 'payments', `provider_payment_id = '${paymentIntentId}' and status = 'succeeded'`)).toBe(1);
  });

  it('the test card endpoint does not exist in Stripe mode', async () => {
    const { secret } = await startedCheckout();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { paymentIntentId: secret, cardNumber: '4242424242424242' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a declined card leaves the order pending with Stripe’s message; the hold ends at expiry and the intent is canceled', async () => {
    const { s, paymentIntentId } = await startedCheckout([[6, 2]]);
    expect(await inventoryOf(t.app, 6)).toBe(118);
    const err = await payAtStripe(paymentIntentId, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);

    const { payload, signature } = fake.event(paymentIntentId, 'payment_intent.payment_failed');
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    expect(
      await count(
        t.app,
        'payments',
        `provider_payment_id = '${paymentIntentId}' and last_error = 'Your card has insufficient funds.'`,
      ),
    ).toBe(1);
    const res = await s.complete(paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your card has insufficient funds.');
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await inventoryOf(t.app, 6)).toBe(118);

    await t.app.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where payment_intent_id = ${paymentIntentId}`,
    );
    expect(await t.app.services.checkout.sweepExpired()).toBe(1);
    expect(await inventoryOf(t.app, 6)).toBe(120);
    expect(fake.intents.get(paymentIntentId)?.status).toBe('canceled');
  });

  it('flags an order whose Stripe payment is not for its total, and does not mark it paid', async () => {
    const mails = sent().length;
    const { s, paymentIntentId } = await startedCheckout();
    fake.update(paymentIntentId, { status: 'succeeded', amount_received: 100 });
    const res = await s.complete(paymentIntentId);
    expect(res.statusCode).toBe(409);
    const order = await orderOf(paymentIntentId);
    expect(order.status).toBe('pending');
    expect(order.paymentIssue).toMatch(/Paid 1\.00 USD for a total of 41\.89 USD/);
    expect(sent().length).toBe(mails);
  });

  it('when Stripe is unreachable the checkout answers 503 and gives the stock back', async () => {
    const s = shopper(t.app);
    await s.add(5, 3);
    fake.down = true;
    const res = await s.checkout();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Payments are unavailable right now. Please try again in a moment.');
    expect(await inventoryOf(t.app, 5)).toBe(250);
    // The cart is kept for another try.
    expect((await t.app.inject({ url: `/api/cart/${s.sessionId}` })).json()).toHaveLength(1);
  });

  it('when Stripe is unreachable for a new checkout of a cart with a discount code, the code’s use is given back', async () => {
    await t.app.database.db.execute(
      sql`insert into discount_codes (code, kind, percent_off, usage_limit, once_per_email) values ('STRIPEDOWN', 'percent', 10, 1, false)`,
    );
    const s = shopper(t.app);
    await s.add(5, 2);
    const first = secretOf((await s.checkout()).json().checkoutUrl);
    expect((await s.code(first.paymentIntentId, 'STRIPEDOWN')).statusCode).toBe(200);
    fake.down = true;
    expect((await s.checkout()).statusCode).toBe(503);
    fake.down = false;
    const used = async () => {
      const { rows } = (await t.app.database.db.execute(
        sql`select used_count as "n" from discount_codes where code = 'STRIPEDOWN'`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0]?.n);
    };
    expect(await used()).toBe(0);
    // The shopper starts again and gets the code on the new checkout.
    const again = secretOf((await s.checkout()).json().checkoutUrl);
    expect((await s.code(again.paymentIntentId, 'STRIPEDOWN')).statusCode).toBe(200);
    expect(fake.intents.get(again.paymentIntentId)?.amount).toBe(3809);
    expect(await used()).toBe(1);
  });

  it('the sweeper completes an expired order that Stripe says was paid instead of releasing it', async () => {
    const { paymentIntentId } = await startedCheckout();
    await payAtStripe(paymentIntentId);
    await t.app.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where payment_intent_id = ${paymentIntentId}`,
    );
    await t.app.services.checkout.sweepExpired();
    expect((await orderOf(paymentIntentId)).status).toBe('paid');
    expect(await inventoryOf(t.app, 5)).toBe(248);
  });
});

describe('the payment confirmed by the store’s server (item 4 of "Money that cannot leak")', () => {
  const tokenFor = async (paymentMethod = 'pm_card_visa') =>
    (await stripeClient.testHelpers.confirmationTokens.create({ payment_method: paymentMethod })).id;

  it('cannot be confirmed by the browser alone: the publishable key and client secret are refused', async () => {
    const { secret, paymentIntentId } = await startedCheckout();
    expect(fake.intents.get(paymentIntentId)).toMatchObject({ confirmation_method: 'manual' });
    const browser = browserStripeOf(fake);
    const tried = await browser.paymentIntents
      .confirm(paymentIntentId, { client_secret: secret, payment_method: 'pm_card_visa' } as Stripe.PaymentIntentConfirmParams)
      .catch((err: unknown) => err);
    expect(tried).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(fake.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
  });

  it('is confirmed only after the shipping step, with the shopper’s e-mail and address sent to Stripe', async () => {
    const s = shopper(t.app);
    expect((await s.add(5, 2)).statusCode).toBe(201);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    const early = await s.confirm(paymentIntentId, await tokenFor());
    expect(early.json()).toEqual({ status: 'requires_payment_method', message: 'Save your shipping details before paying.' });
    expect(fake.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');

    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    const paid = await s.confirm(paymentIntentId, await tokenFor());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded' });
    expect((await orderOf(paymentIntentId)).status).toBe('paid');
    expect(fake.intents.get(paymentIntentId)).toMatchObject({
      status: 'succeeded',
      receipt_email: 'dana.lee@example.com',
      shipping: {
        name: 'Dana Lee',
        phone: '555 010 0199',
        address: { line1: '12 Iron Way', city: 'Columbus', state: 'OH', postal_code: '43004', country: 'US' },
      },
    });
    // Confirming again answers as paid and charges nothing more.
    expect((await s.confirm(paymentIntentId, await tokenFor())).json()).toEqual({ status: 'succeeded' });
  });

  it('says a decline in Stripe’s words, and a spent ConfirmationToken cannot pay again', async () => {
    const { s, paymentIntentId } = await startedCheckout();
    const declined = await tokenFor('pm_card_chargeDeclined');
    expect((await s.confirm(paymentIntentId, declined)).json()).toEqual({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect((await s.confirm(paymentIntentId, declined)).json()).toMatchObject({ status: 'requires_payment_method' });
    expect((await s.confirm(paymentIntentId, await tokenFor())).json()).toEqual({ status: 'succeeded' });
  });

  it('asks for the bank’s authentication, then confirms again once the shopper gave it', async () => {
    const { s, paymentIntentId } = await startedCheckout();
    expect((await s.confirm(paymentIntentId, await tokenFor('4000002500003155'))).json()).toEqual({ status: 'requires_action' });
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    fake.authenticate(paymentIntentId); // Stripe.js's handleNextAction in the browser
    expect((await s.confirm(paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    expect((await orderOf(paymentIntentId)).status).toBe('paid');
  });

  it('answers 404 to another session and to a store without Stripe, and 400 to a malformed token, charging nothing', async () => {
    const { paymentIntentId } = await startedCheckout();
    const stranger = shopper(t.app);
    expect((await stranger.confirm(paymentIntentId, await tokenFor())).statusCode).toBe(404);
    const { s } = await startedCheckout();
    for (const bad of [
      { confirmationToken: 'pm_card_visa' },
      { confirmationToken: 5 },
      { confirmationToken: 'ctoken_x'.repeat(40) },
      { extra: 1 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/checkout/${paymentIntentId}/confirm`,
        headers: { 'x-session-id': s.sessionId },
        payload: bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(fake.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: `/api/checkout/${paymentIntentId}/confirm`, payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the Stripe webhook', () => {
  it('a signed payment_intent.succeeded completes the order; a replay of it does nothing', async () => {
    const mails = sent().length;
    const { s, paymentIntentId } = await startedCheckout();
    await payAtStripe(paymentIntentId);
    const { payload, signature } = fake.event(paymentIntentId, 'payment_intent.succeeded');

    const res = await webhook(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const order = await orderOf(paymentIntentId);
    expect(order.status).toBe('paid');
    await eventually(async () => sent().length > mails); // the e-mail goes out in the background
    expect(sent().length).toBe(mails + 1);
    expect((await t.app.inject({ url: `/api/cart/${s.sessionId}` })).json()).toEqual([]);
    const eventId = JSON.parse(payload).id as string;
    expect(await count(t.app, 'payment_events', `event_id = '${eventId}'`)).toBe(1);

    expect((await webhook(payload, signature)).statusCode).toBe(200);
    expect(await count(t.app, 'payment_events', `event_id = '${eventId}'`)).toBe(1);
    expect(sent().length).toBe(mails + 1);
    expect(await count(t.app, 'stock_movements', `order_id = ${order.id}`)).toBe(1);
  });

  it('ten concurrent completions and five duplicate webhooks: one paid order, one e-mail, one stock movement', async () => {
    const mails = sent().length;
    const { s, paymentIntentId } = await startedCheckout([[6, 1]]);
    expect(await inventoryOf(t.app, 6)).toBe(119);
    await payAtStripe(paymentIntentId);
    const { payload, signature } = fake.event(paymentIntentId, 'payment_intent.succeeded');

    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => s.complete(paymentIntentId)),
      ...Array.from({ length: 5 }, () => webhook(payload, signature)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(15).fill(200));

    const order = await orderOf(paymentIntentId);
    expect(order.status).toBe('paid');
    expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and status = 'paid'`)).toBe(1);
    await eventually(async () => sent().length > mails); // the e-mail goes out in the background
    expect(sent().length).toBe(mails + 1);
    expect(await count(t.app, 'stock_movements', `order_id = ${order.id}`)).toBe(1);
    expect(await inventoryOf(t.app, 6)).toBe(119);
    expect(await count(t.app, 'payment_events', `event_id = '${JSON.parse(payload).id}'`)).toBe(1);
  });

  it('refuses a missing, wrong, tampered or stale signature with 400 and writes nothing', async () => {
    const { paymentIntentId } = await startedCheckout();
    await payAtStripe(paymentIntentId);
    const { payload, signature } = fake.event(paymentIntentId, 'payment_intent.succeeded');
    const events = await count(t.app, 'payment_events');

    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_somebody_else' });
    const tampered = payload.replace('"amount":4189', '"amount":1');
    expect(tampered).not.toBe(payload);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: FAKE_KEYS.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const cases = [
      { res: await webhook(payload), message: 'Missing Stripe-Signature header' },
      { res: await webhook(payload, forged), message: 'Invalid webhook signature' },
      { res: await webhook(tampered, signature), message: 'Invalid webhook signature' },
      { res: await webhook(payload, stale), message: 'Invalid webhook signature' },
      { res: await webhook(payload, 'garbage'), message: 'Invalid webhook signature' },
    ];
    for (const { res, message } of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await webhook(payload, signature, 'text/plain')).statusCode).toBe(415);
    expect((await webhook('', signature)).statusCode).toBe(400);
    const huge = await webhook(JSON.stringify({ pad: 'x'.repeat(600 * 1024) }), signature);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('message');

    expect(await count(t.app, 'payment_events')).toBe(events);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
  });

  it('acknowledges events about payments that are not the store’s, and other event types, changing nothing', async () => {
    const foreign = await stripeClient.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(((await payAtStripe(foreign.id)) as Stripe.PaymentIntent).status).toBe('succeeded');
    const orders = await count(t.app, 'orders');
    const succeeded = fake.event(foreign.id, 'payment_intent.succeeded');
    expect((await webhook(succeeded.payload, succeeded.signature)).statusCode).toBe(200);

    const other = JSON.stringify({ id: 'evt_other_type_1', object: 'event', type: 'charge.refunded', data: { object: {} } });
    const otherSig = Stripe.webhooks.generateTestHeaderString({ payload: other, secret: FAKE_KEYS.webhookSecret });
    expect((await webhook(other, otherSig)).statusCode).toBe(200);
    expect(await count(t.app, 'orders')).toBe(orders);
    expect(await count(t.app, 'payment_events', `event_id = 'evt_other_type_1'`)).toBe(1);
  });
});

describe('the Content-Security-Policy', () => {
  const csp = async (app: TestApp['app'], url: string) => {
    const policy = String((await app.inject({ url })).headers['content-security-policy']);
    return Object.fromEntries(
      policy.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    ) as Record<string, string[]>;
  };

  it('allows Stripe on /checkout and nowhere else', async () => {
    const checkout = await csp(t.app, '/checkout?payment_intent=pi_x_secret_y');
    expect(checkout['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
    expect(checkout['script-src']?.some((v) => v.startsWith("'nonce-"))).toBe(true);
    expect(checkout['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(checkout['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    for (const url of ['/', '/product/5', '/order-confirmation?payment_intent=pi_x', '/checkout-x']) {
      const other = await csp(t.app, url);
      expect(Object.values(other).flat().join(' ')).not.toContain('stripe.com');
      expect(other['frame-src']).toEqual(["'none'"]);
    }
  });
});

describe('without Stripe', () => {
  it('there is no webhook endpoint and no Stripe origin in any policy', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('message');
      const policy = String(
        (await plain.app.inject({ url: '/checkout?payment_intent=pi_x' })).headers['content-security-policy'],
      );
      expect(policy).toContain("frame-src 'none'");
      expect(policy).not.toContain('stripe.com');
    } finally {
      await plain.close();
    }
  });
});

describe('marketing tags in the Content-Security-Policy', () => {
  it('allows exactly the configured tags’ origins, and none of them on /checkout', async () => {
    const tagged = await createTestApp({ GA_MEASUREMENT_ID: 'G-TEST123', META_PIXEL_ID: '1234567890' });
    const plain = await createTestApp();
    try {
      const policy = async (app: TestApp['app'], url: string) =>
        String((await app.inject({ url })).headers['content-security-policy']);
      const home = await policy(tagged.app, '/');
      expect(home).toContain('https://www.googletagmanager.com');
      expect(home).toContain('https://connect.facebook.net');
      expect(home).not.toContain('doubleclick'); // Google Ads is not configured
      const checkout = await policy(tagged.app, '/checkout?payment_intent=pi_x_secret_y');
      expect(checkout).not.toContain('googletagmanager');
      expect(checkout).not.toContain('facebook');
      const none = await policy(plain.app, '/');
      expect(none).not.toMatch(/google|facebook/);
    } finally {
      await tagged.close();
      await plain.close();
    }
  });
});
