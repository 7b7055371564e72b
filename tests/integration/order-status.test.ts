import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_LINK_INVALID, ORDER_LOOKUP_MISS, type OrderStatusView } from '#shared/order-status.ts';
import { ensureSecret } from '#server/lib/server-secrets.ts';
import { createTokenSigner } from '#server/lib/signed-tokens.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import { mailsAbout, orderPage, orderTokenIn, paidOrder } from '../support/after-sale.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';

/**
 * The shopper's order page without an account (issue "After the purchase", item 1): a signed link in
 * every order e-mail, and a lookup by order number and e-mail address that tells nobody anything else.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({
    RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR: '6',
    RATE_LIMIT_ORDER_LOOKUPS_PER_EMAIL_PER_HOUR: '4',
    RATE_LIMIT_ORDER_LINKS_PER_IP_PER_HOUR: '5',
    RATE_LIMIT_ORDER_LINKS_PER_EMAIL_PER_HOUR: '2',
  }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 100);
});

const lookup = (body: unknown, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/order-status/lookup', payload: body as object, remoteAddress });

describe('the order page link', () => {
  it('comes in the confirmation e-mail and opens the order: items, totals, address, history, delivery estimate', async () => {
    const { order, token } = await paidOrder(t.app);
    const res = await orderPage(t.app, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const view = res.json() as OrderStatusView;
    expect(view).toMatchObject({
      orderNumber: order.id,
      status: 'paid',
      statusLabel: 'Preparing to ship',
      items: [
        { productId: 5, name: 'Single Bottle', quantity: 2, unitPrice: '18.99', lineTotal: '37.98' },
        { productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1, unitPrice: '44.99', lineTotal: '44.99' },
      ],
      subtotal: '82.97',
      shipping: '3.91',
      total: '86.88',
      refunded: '0.00',
      shipTo: { name: 'Dana Lee', lines: ['12 Iron Way', 'Columbus, OH 43004', 'United States'] },
      tracking: null,
      delivery: { kind: 'expected', byCarrier: false },
      returns: [],
      returnable: { open: false, reason: 'Returns open once your order has shipped.', lines: [] },
    });
    expect(view.history.map((h) => h.text)).toEqual(['Order placed: $86.88 paid']);
    // Never the e-mail address nor the payment: the link may be forwarded.
    expect(res.body).not.toMatch(/dana\.lee@example\.com|pi_|secret/i);
  });

  it('tells what happens next as the owner ships it, never the owner’s notes or e-mails', async () => {
    const { order, token } = await paidOrder(t.app);
    await admin.call('POST', `/api/orders/${order.id}/notes`, { text: 'Customer called about a gift wrap' });
    const label = await admin.call('POST', `/api/orders/${order.id}/create-label`);
    expect(label.statusCode).toBe(200);
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' });
    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(view.status).toBe('shipped');
    expect(view.statusLabel).toBe('On its way');
    expect(view.history.map((h) => h.text)).toEqual([
      'Shipped',
      'Shipping label created: your parcel is being packed',
      'Order placed: $86.88 paid',
    ]);
    expect(view.tracking).toEqual({
      carrier: 'USPS',
      service: 'Ground Advantage',
      number: label.json().order.trackingNumber,
      url: null,
      status: null,
    });
    expect(view.delivery).toMatchObject({ kind: 'expected', byCarrier: false });
    expect(JSON.stringify(view)).not.toContain('gift wrap');
    // The shipped e-mail carries the same link.
    expect(await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject.includes('has shipped')))).toBe(true);
    const shipped = mailsAbout(t.app, order.id).find((m) => m.subject.includes('has shipped'));
    expect((await orderPage(t.app, orderTokenIn(shipped?.text ?? ''))).json().orderNumber).toBe(order.id);
  });

  it("opens only its own order: an altered, expired, another purpose's or another store's token gets one answer", async () => {
    const a = await paidOrder(t.app);
    const b = await paidOrder(t.app);
    const secret = await ensureSecret(t.app.database.db, 'tokens');
    const signer = createTokenSigner(secret);
    const [payloadA] = a.token.split('.');
    const [, signatureB] = b.token.split('.');
    const forged = [
      `${payloadA}.${signatureB}`,
      `${payloadA}.${'A'.repeat(43)}`,
      signer.sign({ purpose: 'order', orderId: a.order.id }, -60_000),
      signer.sign({ purpose: 'review', email: 'dana.lee@example.com', productId: 5 }, 60_000),
      signer.sign({ purpose: 'order', orderId: String(a.order.id) }, 60_000),
      signer.sign({ purpose: 'order', orderId: 999_999 }, 60_000),
      createTokenSigner(randomBytes(32)).sign({ purpose: 'order', orderId: a.order.id }, 60_000),
    ];
    for (const token of forged) {
      const res = await orderPage(t.app, token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(ORDER_LINK_INVALID);
    }
    for (const bad of ['x', 'a.b', `${'a'.repeat(401)}.${'b'.repeat(43)}`, `${payloadA}.sig%00nature_that_is_long`]) {
      const res = await orderPage(t.app, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain(ORDER_LINK_INVALID);
    }
    const huge = await orderPage(t.app, `${'a'.repeat(600)}.${'b'.repeat(43)}`);
    expect(huge.statusCode).toBe(414);
    expect(huge.json().message).toEqual(expect.any(String));
  });

  it('is never made for a checkout that was not paid', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 1);
    const { paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    const unpaid = await t.app.services.orders.byPaymentId(paymentIntentId);
    const token = t.app.services.orderStatus.link(unpaid?.id ?? 0).split('/orders/')[1] ?? '';
    const res = await orderPage(t.app, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ORDER_LINK_INVALID);
  });

  it('is on the confirmation page’s order, for the buyer who holds the payment id', async () => {
    const { order } = await paidOrder(t.app);
    const paymentId = order.stripePaymentIntentId ?? '';
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/confirmation/${paymentId}` });
    expect(res.statusCode).toBe(200);
    const path = res.json().orderPage as string;
    expect(path).toMatch(/^\/orders\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect((await orderPage(t.app, path.slice('/orders/'.length))).json().orderNumber).toBe(order.id);
  });
});

/** A shopper of their own, so that each test's lookups count against its own address. */
const uniqueEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.com`;

describe('POST /api/order-status/lookup', () => {
  it('finds a paid order by its number and e-mail address, in any case and with or without #', async () => {
    const email = uniqueEmail('dana');
    const { order } = await paidOrder(t.app, undefined, { email });
    for (const orderNumber of [String(order.id), `#${order.id}`, ` # ${order.id} `]) {
      const res = await lookup({ orderNumber, email: ` ${email.toUpperCase()} ` });
      expect(res.statusCode, orderNumber).toBe(200);
      expect((await orderPage(t.app, res.json().token)).json().orderNumber).toBe(order.id);
    }
  });

  it('answers the same for a wrong e-mail, an unknown number and an unpaid checkout', async () => {
    const { order } = await paidOrder(t.app);
    const buyer = shopper(t.app);
    await buyer.add(5, 1);
    const { paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    const unpaidEmail = uniqueEmail('unpaid');
    await buyer.ship(paymentIntentId, { email: unpaidEmail });
    const unpaid = await t.app.services.orders.byPaymentId(paymentIntentId);
    const misses = [
      { orderNumber: String(order.id), email: uniqueEmail('someone.else') },
      { orderNumber: '99999999', email: uniqueEmail('a') },
      { orderNumber: '0', email: uniqueEmail('b') },
      { orderNumber: '9999999999', email: uniqueEmail('c') },
      { orderNumber: String(unpaid?.id), email: unpaidEmail },
    ];
    for (const body of misses) {
      const res = await lookup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_LOOKUP_MISS, code: 'not_found' });
    }
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /Required/],
      [{ orderNumber: '1042' }, /Required/],
      [{ orderNumber: 'abc', email: 'dana.lee@example.com' }, /order number/],
      [{ orderNumber: 1042, email: 'dana.lee@example.com' }, /text/],
      [{ orderNumber: '1042', email: 'not an e-mail' }, /e-mail address/],
      [{ orderNumber: '1042', email: 'dana.lee@example.com', extra: 1 }, /./],
      [{ orderNumber: '1042\u0000', email: 'dana.lee@example.com' }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await lookup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toMatch(message);
    }
  });

  it('limits guesses per e-mail address from anywhere, and per client address', async () => {
    const own = uniqueEmail('own');
    const { order } = await paidOrder(t.app, undefined, { email: own });
    const email = uniqueEmail('guessed');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await lookup({ orderNumber: String(order.id + 1000 + i), email })).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 429, 429]);
    const limited = await lookup({ orderNumber: String(order.id), email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many order lookups for this e-mail address\. Use “E-mail me my order links” to have them sent to it\. Please try again in/,
    );

    const ip = newAddress();
    const fromOne = [];
    for (let i = 0; i < 8; i++)
      fromOne.push(
        (await lookup({ orderNumber: '5', email: `x${i}-${randomBytes(3).toString('hex')}@example.com` }, ip)).statusCode,
      );
    expect(fromOne).toEqual([404, 404, 404, 404, 404, 404, 429, 429]);
    // The shopper's own lookup from another address still works.
    expect((await lookup({ orderNumber: String(order.id), email: own })).statusCode).toBe(200);
    expect(await count(t.app, 'orders', `id = ${order.id}`)).toBe(1);
  });
});

describe('E-mail me my order links (POST /api/order-status/links)', () => {
  const ask = (body: unknown, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/order-status/links', payload: body as object, remoteAddress });
  const linksMailsTo = (email: string) => t.app.mailer.sent.filter((m) => m.to === email && m.subject === 'Your Ironwake orders');
  const SAME_ANSWER = {
    sent: true,
    message: 'If we have orders for that address, we have e-mailed it their links. Check your inbox.',
  };

  it('keeps a shopper in when strangers spent their e-mail address’s lookups: the links arrive in their own mailbox', async () => {
    const own = uniqueEmail('locked');
    const { order } = await paidOrder(t.app, undefined, { email: own });
    const second = await paidOrder(t.app, [[5, 1]], { email: own });
    // Strangers guess numbers with the shopper's address, each from an address of their own.
    for (let i = 0; i < 6; i++) await lookup({ orderNumber: String(order.id + 500 + i), email: own });
    const locked = await lookup({ orderNumber: String(order.id), email: own });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/E-mail me my order links/);

    const res = await ask({ email: own.toUpperCase() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(await eventually(async () => linksMailsTo(own).length === 1)).toBe(true);
    const mail = linksMailsTo(own)[0];
    expect(mail?.text).toContain(`#${order.id}`);
    expect(mail?.text).toContain(`#${second.order.id}`);
    const token = orderTokenIn(mail?.text ?? '');
    expect((await orderPage(t.app, token)).json()).toMatchObject({ orderNumber: second.order.id });
  });

  it('answers the same for every address, and mails only an address with paid orders, only its own', async () => {
    const other = uniqueEmail('other');
    await paidOrder(t.app, undefined, { email: other });
    const unknown = uniqueEmail('nobody');
    const sentBefore = t.app.mailer.sent.length;
    const res = await ask({ email: unknown });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(SAME_ANSWER);
    // An unpaid checkout of an address is no order to send.
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 1);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId, { email: unknown });
    expect((await ask({ email: unknown })).json()).toEqual(SAME_ANSWER);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.app.mailer.sent.slice(sentBefore).filter((m) => m.subject === 'Your Ironwake orders')).toEqual([]);
  });

  it('mails one address at most a few times an hour, answering the same, and limits each network', async () => {
    const own = uniqueEmail('flood');
    await paidOrder(t.app, [[5, 1]], { email: own });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await ask({ email: own })).json());
    expect(answers).toEqual([SAME_ANSWER, SAME_ANSWER, SAME_ANSWER, SAME_ANSWER]);
    await eventually(async () => linksMailsTo(own).length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(linksMailsTo(own)).toHaveLength(2);

    const ip = newAddress();
    const fromOne = [];
    for (let i = 0; i < 7; i++) fromOne.push((await ask({ email: uniqueEmail(`net${i}`) }, ip)).statusCode);
    expect(fromOne).toEqual([202, 202, 202, 202, 202, 429, 429]);
  });

  it('refuses bad input with a 400 that says what is wrong, and sends nothing', async () => {
    const sentBefore = t.app.mailer.sent.length;
    for (const [body, message] of [
      [{}, 'Required'],
      [{ email: 'not an address' }, 'Enter the e-mail address you ordered with'],
      [{ email: 5 }, 'Must be text'],
      [{ email: `${'a'.repeat(260)}@example.com` }, /at most/],
      [{ email: 'dana@example.com', extra: true }, /extra|Unrecognized/i],
    ] as const) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toMatch(message);
    }
    expect(t.app.mailer.sent.length).toBe(sentBefore);
  });
});

describe('the order e-mails', () => {
  it('each carry the order page link: confirmation, shipped, delivered and refund', async () => {
    const { order, token } = await paidOrder(t.app);
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' });
    await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'delivered' });
    await admin.call('POST', `/api/orders/${order.id}/refunds`, { items: [{ productId: 5, quantity: 1 }] });
    const subjects = [
      `Your Ironwake order #${order.id} is confirmed`,
      `Your Ironwake order #${order.id} has shipped`,
      `Your Ironwake order #${order.id} was delivered`,
      `Refund for your Ironwake order #${order.id}`,
    ];
    expect(await eventually(async () => subjects.every((s) => t.app.mailer.sent.some((m) => m.subject === s)))).toBe(true);
    for (const subject of subjects) {
      const mail = t.app.mailer.sent.find((m) => m.subject === subject);
      expect((await orderPage(t.app, orderTokenIn(mail?.text ?? ''))).json().orderNumber, subject).toBe(order.id);
      expect(mail?.html, subject).toContain(`/orders/${orderTokenIn(mail?.text ?? '')}`);
    }
    // Without tracking (the built-in labels), the shipped e-mail asks for reviews; the delivered one too.
    const delivered = t.app.mailer.sent.find((m) => m.subject === subjects[2]);
    expect(delivered?.text).toMatch(/Review Single Bottle: http:\/\/store\.test\/product\/5\?review=/);
    const history = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(history.history.map((h) => h.text)).toEqual([
      'Refund of $18.99 issued to your card for 1 × Single Bottle',
      'Delivered',
      'Shipped',
      'Order placed: $86.88 paid',
    ]);
    expect(history.delivery).toEqual({ kind: 'delivered', on: new Date().toISOString().slice(0, 10) });
  });
});

describe('the order page, rendered by the server', () => {
  let s: TestApp;
  beforeAll(async () => {
    // Pages are rendered from the build that `npm test` makes first (`npm run build`).
    s = await createTestApp({ RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000', RATE_LIMIT_SHIPPING_PER_MINUTE: '1000' }, { ssr: 'prod' });
    await setInventory(s.app, 5, 50);
    await setInventory(s.app, 6, 50);
  });
  afterAll(() => s?.close());

  it('puts the order in the first response, never indexed, never cached, its token nowhere in the head', async () => {
    const { order, token } = await paidOrder(s.app);
    const res = await s.app.inject({ url: `/orders/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).toContain('<link rel="canonical" href="http://store.test/order-status"');
    expect(head).not.toContain(token);
    const root = html.slice(html.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
    for (const text of [
      `Order #${order.id}`,
      'Preparing to ship',
      'Order placed: $86.88 paid',
      '12 Iron Way',
      'Returns open once your order has shipped.',
    ]) {
      expect(root).toContain(text);
    }
  });

  it('answers 404 with a way to find the order for a link that opens nothing', async () => {
    const res = await s.app.inject({ url: `/orders/eyJwdXJwb3NlIjoib3JkZXIifQ.${'A'.repeat(43)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Order Not Found');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect((await s.app.inject({ url: '/orders/not-a-token' })).statusCode).toBe(404);
  });

  it('serves the lookup page with its form', async () => {
    const res = await s.app.inject({ url: '/order-status' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Track Your Order');
    expect(res.body).toMatch(/<label[^>]*for="lookup-order"[^>]*>Order number/);
    expect(res.body).toMatch(/<input[^>]*name="email"/);
  });
});
