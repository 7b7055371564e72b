import { sql } from 'drizzle-orm';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';
import { count, inventoryOf, newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';

let t: TestApp;
beforeAll(async () => {
  // Hundreds of shoppers share one test client address here; the limit has a test of its own below.
  t = await createTestApp({ RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000', RATE_LIMIT_SHIPPING_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 250);
  await setInventory(t.app, 6, 120);
});

const sent = () => t.app.mailer.sent;

async function startedCheckout(
  lines: [number, number][] = [
    [5, 2],
    [6, 1],
  ],
) {
  const s = shopper(t.app);
  for (const [id, q] of lines) expect((await s.add(id, q)).statusCode).toBe(201);
  const res = await s.checkout();
  expect(res.statusCode).toBe(201);
  return { s, ...secretOf(res.json().checkoutUrl) };
}

describe('checkout and payment with the test provider', () => {
  it('reserves stock at database prices, takes the test card, and pays the order once', async () => {
    const mails = sent().length;
    const { s, secret, paymentIntentId } = await startedCheckout();
    expect(secret).toMatch(/^pi_[A-Za-z0-9]{24}_secret_[A-Za-z0-9]{24}$/);
    expect(await inventoryOf(t.app, 5)).toBe(248);
    expect(await inventoryOf(t.app, 6)).toBe(119);

    const order = (await t.app.inject({ url: `/api/checkout/${paymentIntentId}` })).json();
    expect(order.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Single Bottle', 2],
      ['Smelling Salts 3-Pack', 1],
    ]);
    expect(order).toMatchObject({ subtotal: '82.97', shipping: '3.91', total: '86.88', status: 'pending', provider: 'test' });

    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect((await s.pay(secret)).json()).toEqual({ status: 'succeeded' });
    const done = await s.complete(paymentIntentId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, status: 'paid' });

    // The cart is empty, the stock stays taken, one e-mail went to the buyer.
    expect((await t.app.inject({ url: `/api/cart/${s.sessionId}` })).json()).toEqual([]);
    expect(await inventoryOf(t.app, 5)).toBe(248);
    await eventually(async () => sent().length > mails); // the e-mail goes out in the background
    expect(sent().length).toBe(mails + 1);
    const mail = sent().at(-1)!;
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toMatch(/order #\d+ is confirmed/);
    for (const text of [
      '2 × Single Bottle',
      '1 × Smelling Salts 3-Pack',
      '$86.88',
      '12 Iron Way',
      'Columbus, OH 43004',
      'Estimated delivery',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.html).toContain('$86.88');

    // Again and again: nothing changes.
    expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
    expect((await s.pay(secret)).json()).toEqual({ status: 'succeeded' });
    expect(sent().length).toBe(mails + 1);

    // The confirmation page's server fallback: the summary, without the buyer's e-mail or address.
    const confirmation = (await t.app.inject({ url: `/api/orders/confirmation/${paymentIntentId}` })).json();
    expect(confirmation).toMatchObject({ total: '86.88', status: 'paid' });
    expect(JSON.stringify(confirmation)).not.toMatch(/dana|Iron Way/i);
  });

  it('keeps a declined or underfunded order unpaid, and gives its stock back when it expires', async () => {
    for (const [card, message] of [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ] as const) {
      const { s, secret, paymentIntentId } = await startedCheckout([[6, 3]]);
      expect(await inventoryOf(t.app, 6)).toBe(117);
      await s.ship(paymentIntentId);
      expect((await s.pay(secret, card)).json()).toEqual({ status: 'requires_payment_method', message });
      const done = await s.complete(paymentIntentId);
      expect(done.statusCode).toBe(409);
      expect(done.json().message).toBe(message);
      expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and status = 'pending'`)).toBe(1);
      expect(await inventoryOf(t.app, 6)).toBe(117); // still held for another card

      await t.app.database.db.execute(
        sql`update orders set expires_at = now() - interval '1 minute' where payment_intent_id = ${paymentIntentId}`,
      );
      expect(await t.app.services.checkout.sweepExpired()).toBe(1);
      expect(await inventoryOf(t.app, 6)).toBe(120);
      expect(await count(t.app, 'stock_movements', `reason = 'reservation_release' and delta = 3`)).toBeGreaterThan(0);
      // Expired: the test card no longer pays it.
      expect((await s.pay(secret)).json()).toMatchObject({ status: 'requires_payment_method', message: CHECKOUT_EXPIRED });
      expect(await t.app.services.checkout.sweepExpired()).toBe(0);
    }
  });

  it('replaces the previous hold when the same cart checks out again', async () => {
    const s = shopper(t.app);
    await s.add(5, 4);
    expect((await s.checkout()).statusCode).toBe(201);
    expect((await s.checkout()).statusCode).toBe(201);
    expect(await inventoryOf(t.app, 5)).toBe(246);
  });

  it('completes an order paid after its hold expired when stock allows, and flags it when not', async () => {
    const { s, secret, paymentIntentId } = await startedCheckout([[5, 1]]);
    await s.ship(paymentIntentId);
    await t.app.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where payment_intent_id = ${paymentIntentId}`,
    );
    // The sweeper asks the provider first; unpaid, the stock goes back.
    expect(await t.app.services.checkout.sweepExpired()).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(250);
    // Paid late anyway (the provider had it open): the stock is taken again and the order paid.
    await t.app.database.db.execute(sql`update payments set status = 'succeeded' where provider_payment_id = ${paymentIntentId}`);
    expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
    expect(await inventoryOf(t.app, 5)).toBe(249);
    expect(secret).toContain(paymentIntentId);

    const late = await startedCheckout([[6, 2]]);
    await late.s.ship(late.paymentIntentId);
    await t.app.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where payment_intent_id = ${late.paymentIntentId}`,
    );
    await t.app.services.checkout.sweepExpired();
    await setInventory(t.app, 6, 1);
    await t.app.database.db.execute(
      sql`update payments set status = 'succeeded' where provider_payment_id = ${late.paymentIntentId}`,
    );
    const res = await late.s.complete(late.paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(await inventoryOf(t.app, 6)).toBe(1);
    expect(
      await count(
        t.app,
        'orders',
        `payment_intent_id = '${late.paymentIntentId}' and status = 'pending' and payment_issue like 'Paid while its items were not held%'`,
      ),
    ).toBe(1);
  });

  it('flags a payment whose amount differs from the order total instead of marking it paid', async () => {
    const { s, secret, paymentIntentId } = await startedCheckout([[5, 1]]);
    await s.ship(paymentIntentId);
    await t.app.database.db.execute(sql`update payments set amount_cents = 100 where provider_payment_id = ${paymentIntentId}`);
    await s.pay(secret);
    const res = await s.complete(paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(
      await count(
        t.app,
        'orders',
        `payment_intent_id = '${paymentIntentId}' and status = 'pending' and payment_issue is not null`,
      ),
    ).toBe(1);
  });
});

describe('checkout refuses bad input and writes nothing', () => {
  it('refuses an empty cart, tampered prices and malformed bodies', async () => {
    const orders = await count(t.app, 'orders');
    const empty = await shopper(t.app).checkout();
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Your cart is empty');

    const s = shopper(t.app);
    await s.add(5, 1);
    for (const payload of [
      { sessionId: s.sessionId, total: '0.01' },
      { sessionId: s.sessionId, items: [{ productId: 5, price: '0.01' }] },
      { sessionId: 'not-a-session' },
      {},
      [],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'content-type': 'application/json' },
      payload: '{"sessionId":',
    });
    expect(raw.statusCode).toBe(400);
    expect(await count(t.app, 'orders')).toBe(orders);
    expect(await inventoryOf(t.app, 5)).toBe(250);
  });

  it('refuses more than is in stock, naming the product', async () => {
    await setInventory(t.app, 6, 5);
    const s = shopper(t.app);
    await s.add(6, 5);
    await setInventory(t.app, 6, 2);
    const res = await s.checkout();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 2 of Smelling Salts 3-Pack left in stock');
    expect(await inventoryOf(t.app, 6)).toBe(2);
  });

  it('refuses an order above the most a card payment can be ($999,999.99), writing nothing', async () => {
    const setPrice = async (cents: number) => {
      await t.app.database.db.execute(sql`update products set price_cents = ${cents} where id = 5`);
      await t.app.services.catalog.catalogChanged();
    };
    const orders = await count(t.app, 'orders');
    try {
      // Exactly the most, shipping included, is payable; a cent more is not.
      await setPrice(99_999_999 - 391);
      const most = shopper(t.app);
      await most.add(5, 1);
      expect((await most.checkout()).statusCode).toBe(201);
      await setPrice(99_999_999 - 390);
      const over = shopper(t.app);
      await over.add(5, 1);
      const refused = await over.checkout();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/more than \$999,999\.99, the most a card payment can be/);

      // A price from before the form had a limit, 99 times: beyond what an integer column holds.
      await setPrice(99_999_999);
      const huge = shopper(t.app);
      await huge.add(5, 99);
      const res = await huge.checkout();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/the most a card payment can be/);
    } finally {
      await setPrice(1899);
    }
    expect(await count(t.app, 'orders')).toBe(orders + 1);
    expect(await inventoryOf(t.app, 5)).toBe(249);
  });

  it('validates shipping, refuses unknown and foreign payment ids, and locks the address once paid', async () => {
    const { s, secret, paymentIntentId } = await startedCheckout([[5, 1]]);
    const missing = await s.ship(paymentIntentId, { firstName: '', zip: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ firstName: ['Required'], zip: ['Required'] });
    expect((await s.ship(paymentIntentId, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await s.ship(paymentIntentId, { zip: '4300' })).statusCode).toBe(400);
    const abroad = await s.ship(paymentIntentId, { country: 'CA' });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().message).toContain('We ship to the United States only');
    expect((await s.ship(paymentIntentId, { firstName: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and email is not null`)).toBe(0);

    const unknown = await s.ship('pi_000000000000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found', code: 'not_found' });
    // Another shopper's session cannot touch this order.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/orders/shipping',
      headers: { 'x-session-id': newSessionId() },
      payload: {
        paymentIntentId,
        ageConfirmed: true,
        email: 'x@example.com',
        firstName: 'X',
        lastName: 'Y',
        address: '1 A St',
        city: 'B',
        state: 'C',
        zip: '12345',
      },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/checkout/${paymentIntentId}`, headers: { 'x-session-id': newSessionId() } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/checkout/not-a-payment-id' })).statusCode).toBe(400);
    expect((await s.pay('pi_000000000000000000000000')).statusCode).toBe(404);
    expect((await s.pay(`${paymentIntentId}_secret_wrongwrongwrongwrong`)).statusCode).toBe(404);
    expect((await s.complete('pi_000000000000000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/confirmation/${paymentIntentId}` })).statusCode).toBe(404); // not paid yet

    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    await s.pay(secret);
    const late = await s.ship(paymentIntentId, { address: '1 Other Rd' });
    expect(late.statusCode).toBe(409);
    expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and shipping_address = '12 Iron Way'`)).toBe(1);
  });
});

describe('completion under concurrency', () => {
  it('ten concurrent completions and repeated confirms give one paid order, one e-mail, one reservation', async () => {
    const mails = sent().length;
    const { s, secret, paymentIntentId } = await startedCheckout([[5, 1]]);
    await s.ship(paymentIntentId);
    expect((await s.pay(secret)).json().status).toBe('succeeded');
    const calls = [
      ...Array.from({ length: 10 }, () => s.complete(paymentIntentId)),
      ...Array.from({ length: 5 }, () => s.pay(secret)),
    ];
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and status = 'paid'`)).toBe(1);
    await eventually(async () => sent().length > mails); // the e-mail goes out in the background
    expect(sent().length).toBe(mails + 1);
    const orderId = (await t.app.inject({ url: `/api/orders/confirmation/${paymentIntentId}` })).json().orderId;
    expect(await count(t.app, 'stock_movements', `order_id = ${orderId}`)).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(249);
  });

  it('200 shoppers checking out the last 20 units: exactly 20 paid orders, stock 0, never below', async () => {
    await setInventory(t.app, 5, 20);
    // Each from an address of its own: one address may hold only a few units (the hold tests).
    const shoppers = Array.from({ length: 200 }, () => shopper(t.app, undefined, newAddress()));
    for (const s of shoppers) expect((await s.add(5, 1)).statusCode).toBe(201);
    const started = await Promise.all(shoppers.map((s) => s.checkout()));
    const ok = started.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(20);
    expect(started.filter((r) => r.statusCode === 409)).toHaveLength(180);
    expect(await inventoryOf(t.app, 5)).toBe(0);

    await Promise.all(
      ok.map(async (r, i) => {
        const { secret, paymentIntentId } = secretOf(r.json().checkoutUrl);
        const s = shoppers[started.indexOf(r)]!;
        expect(i).toBeGreaterThanOrEqual(0);
        await s.ship(paymentIntentId);
        expect((await s.pay(secret)).json().status).toBe('succeeded');
        expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
      }),
    );
    const ids = ok.map((r) => `'${secretOf(r.json().checkoutUrl).paymentIntentId}'`).join(',');
    expect(await count(t.app, 'orders', `status = 'paid' and payment_intent_id in (${ids})`)).toBe(20);
    expect(await inventoryOf(t.app, 5)).toBe(0);
  });
});

describe('checkout rate limit', () => {
  it('answers 429 with a message once an address saves shipping details too often, keeping the last details out', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SHIPPING_PER_MINUTE: '3' });
    try {
      const s = shopper(limited.app);
      await s.add(5, 1);
      const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
      for (let i = 0; i < 3; i++) expect((await s.ship(paymentIntentId, { city: `Columbus ${i}` })).statusCode).toBe(200);
      const blocked = await s.ship(paymentIntentId, { email: 'one.too.many@example.com', address: '99 Flood Street' });
      expect(blocked.statusCode).toBe(429);
      expect(typeof blocked.json().message).toBe('string');
      expect(await count(limited.app, 'orders', `email = 'one.too.many@example.com' or shipping_address like '99 Flood%'`)).toBe(
        0,
      );
      expect(await count(limited.app, 'orders', `shipping_city = 'Columbus 2'`)).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with a message once an address starts too many checkouts', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CHECKOUT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await shopper(limited.app).checkout()).statusCode);
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      const res = await shopper(limited.app).checkout();
      expect(typeof res.json().message).toBe('string');
    } finally {
      await limited.close();
    }
  });
});
