import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESTORE_LINK_INVALID, UNSUBSCRIBE_LINK_INVALID } from '#shared/recovery.ts';
import { ensureSecret } from '#server/lib/server-secrets.ts';
import { createTokenSigner } from '#server/lib/signed-tokens.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import { orderPage, orderTokenIn } from '../support/after-sale.ts';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';
import { count, SHIPPING_DETAILS, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { abandonCheckout, ageCheckout, remindersTo } from '../support/recovery.ts';

/**
 * Abandoned-checkout recovery (issue "Grow the store", item 3; docs/decisions/0041): a checkout left
 * at the payment step gets one reminder after the owner's delay; its link brings the cart and the
 * shipping details back; its unsubscribe link stops the reminders. On PGlite and on PostgreSQL.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({ SUPPORT_EMAIL: 'help@ironwake.test', RATE_LIMIT_CART_PER_MINUTE: '100000' }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 100);
});

const SETTINGS = {
  shippingRate: '3.91',
  freeShippingOver: null,
  supportEmail: 'help@ironwake.test',
  supportPhone: '+1-800-555-0199',
  ownerEmail: null,
};
async function setDelay(hours: number | null): Promise<void> {
  const res = await admin.call('PUT', '/api/admin/settings', { ...SETTINGS, reminderDelayHours: hours });
  expect(res.statusCode, res.body).toBe(200);
}

let n = 0;
/** A fresh address for each checkout story, so the stories of one file do not meet. */
const address = (who: string) => `${who}.${++n}.${Date.now()}@Example.com`;

const abandon = (email: string, lines: [number, number][] = [[5, 2]]) => abandonCheckout(t.app, email, lines);
const age = (orderId: number, hours: number) => ageCheckout(t.app, orderId, hours);

const reminderRows = (email: string) => count(t.app, 'checkout_reminders', `email = '${email.toLowerCase()}'`);
const mailsTo = (email: string) => remindersTo(t.app, email);

/** The reminder e-mail to `email`, once delivered. */
async function reminderTo(email: string) {
  expect(await eventually(async () => mailsTo(email).length > 0)).toBe(true);
  const mail = mailsTo(email)[0];
  if (!mail) throw new Error('no reminder');
  return mail;
}

const tokenIn = (text: string, page: 'recover' | 'unsubscribe') => {
  const token = new RegExp(`/${page}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no /${page}/ link in:\n${text}`);
  return token;
};

const restore = (token: string, body: unknown = { sessionId: newSessionId() }, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/recover/${token}`, payload: body as object, remoteAddress });
const unsubscribe = (token: string) => t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
const cartOf = async (sessionId: string) =>
  (
    (await t.app.inject({ url: `/api/cart/${sessionId}` })).json() as {
      productId: number;
      quantity: number;
      product: { price: string };
    }[]
  ).map((i) => ({ productId: i.productId, quantity: i.quantity, price: i.product.price }));

describe('the reminder sweep', () => {
  it('sends nothing while reminders are off', async () => {
    await setDelay(null);
    const email = address('off');
    const c = await abandon(email);
    await age(c.id, 47);
    expect(await t.app.services.recovery.sweep()).toBe(0);
    expect(await reminderRows(email)).toBe(0);
  });

  it('waits for the owner’s delay, then sends one reminder with the checkout’s items and total, once however often it runs', async () => {
    await setDelay(3);
    const email = address('dana');
    const c = await abandon(email, [
      [5, 2],
      [6, 1],
    ]);
    await age(c.id, 2.9);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(email)).toBe(0);

    await age(c.id, 3.1);
    // The minute sweep runs it (src/server/sweeps.ts), twice in a row, and directly once more.
    await sweepEveryMinute(t.app);
    await sweepEveryMinute(t.app);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(email)).toBe(1);
    expect(await count(t.app, 'mail_outbox', `key = 'checkout-reminder:${c.id}'`)).toBe(1);
    const mail = await reminderTo(email);
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.text).toContain('2 × Single Bottle  $37.98\n1 × Smelling Salts 3-Pack  $44.99\nShipping  $3.91\nTotal  $86.88');
    expect(mail.text).toContain('Complete your order: http://store.test/recover/');
    expect(mail.text).toContain('To get no more reminders: http://store.test/unsubscribe/');
    expect(mail.text).toContain('write to help@ironwake.test');
    const oneClick = `http://store.test/api/unsubscribe/${tokenIn(mail.text, 'unsubscribe')}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The owner sees it in the order's history once delivered.
    expect(
      await eventually(async () =>
        (await admin.call('GET', `/api/orders/${c.id}/timeline`))
          .json()
          .some((e: { message: string }) => e.message === `Checkout reminder sent to ${email.toLowerCase()}`),
      ),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('never reminds a checkout older than a week, one without shipping details, or one paid', async () => {
    await setDelay(1);
    const old = address('old');
    await age((await abandon(old)).id, 7 * 24 + 1);
    // Stopped before the payment step: no e-mail known.
    const s = shopper(t.app);
    await s.add(5, 1);
    const noShipping = await t.app.services.orders.byPaymentId(secretOf((await s.checkout()).json().checkoutUrl).paymentIntentId);
    await age(noShipping?.id ?? 0, 5);
    // Paid after the shipping step, then the sweep.
    const paid = address('paid');
    const p = await abandon(paid);
    expect((await p.s.pay(p.secret)).json().status).toBe('succeeded');
    await age(p.id, 5);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(old)).toBe(0);
    expect(await count(t.app, 'checkout_reminders', `order_id = ${noShipping?.id}`)).toBe(0);
    expect(await reminderRows(paid)).toBe(0);
  });

  it('never reminds an address whose later order was paid, and only the newest checkout of an address', async () => {
    await setDelay(1);
    // Left a checkout, then came back and paid another.
    const returned = address('returned');
    const first = await abandon(returned);
    const second = await abandon(returned, [[6, 1]]);
    expect((await second.s.pay(second.secret)).json().status).toBe('succeeded');
    await age(first.id, 5);
    await age(second.id, 4);
    // Left two checkouts: the newer is the one reminded.
    const twice = address('twice');
    const older = await abandon(twice);
    const newer = await abandon(twice, [[6, 2]]);
    await age(older.id, 6);
    await age(newer.id, 2);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(returned)).toBe(0);
    expect(await count(t.app, 'checkout_reminders', `order_id = ${newer.id}`)).toBe(1);
    expect(await count(t.app, 'checkout_reminders', `order_id = ${older.id}`)).toBe(0);
    expect((await reminderTo(twice)).text).toContain('2 × Smelling Salts 3-Pack  $89.98');
  });

  it('sends an address at most one reminder in a week', async () => {
    await setDelay(1);
    const email = address('weekly');
    const first = await abandon(email);
    await age(first.id, 30);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(email)).toBe(1);
    const next = await abandon(email, [[6, 1]]);
    await age(next.id, 2);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(email)).toBe(1);
    // A week after the first, the newer checkout (still younger than a week) may have its own.
    await t.app.database.db.execute(
      sql`update checkout_reminders set sent_at = now() - interval '7 days 1 minute' where order_id = ${first.id}`,
    );
    await t.app.services.recovery.sweep();
    expect(await count(t.app, 'checkout_reminders', `order_id = ${next.id}`)).toBe(1);
  });
});

describe('the reminder’s restore link', () => {
  it('puts the lines back in this browser’s cart at today’s prices and answers the shipping details, however often it is opened', async () => {
    await setDelay(1);
    const email = address('restore');
    const c = await abandon(email, [
      [5, 2],
      [6, 1],
    ]);
    await age(c.id, 2);
    await t.app.services.recovery.sweep();
    const token = tokenIn((await reminderTo(email)).text, 'recover');
    // A new price since the checkout: the cart has today's.
    await t.app.database.db.execute(sql`update products set price_cents = 1999 where id = 5`);
    await t.app.services.catalog.catalogChanged();
    try {
      const sessionId = newSessionId();
      const res = await restore(token, { sessionId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        restored: [
          { productId: 5, name: 'Single Bottle', quantity: 2 },
          { productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1 },
        ],
        missing: [],
        shipping: { ...SHIPPING_DETAILS, email: email.toLowerCase() },
      });
      expect(await cartOf(sessionId)).toEqual([
        { productId: 5, quantity: 2, price: '19.99' },
        { productId: 6, quantity: 1, price: '44.99' },
      ]);
      // Opened again (a reload): nothing doubles.
      expect((await restore(token, { sessionId })).statusCode).toBe(200);
      expect((await cartOf(sessionId)).map((l) => l.quantity)).toEqual([2, 1]);
      expect(await count(t.app, 'checkout_reminders', `order_id = ${c.id} and restored_at is not null`)).toBe(1);
      // The restored cart checks out as any other.
      const again = shopper(t.app, sessionId);
      expect((await again.checkout()).statusCode).toBe(201);
    } finally {
      await t.app.database.db.execute(sql`update products set price_cents = 1899 where id = 5`);
      await t.app.services.catalog.catalogChanged();
    }
  });

  it('leaves out and names a product no longer sold, and brings what the shelf has of one running out', async () => {
    const c = await abandon(address('gone'), [
      [5, 3],
      [6, 2],
    ]);
    const token = t.app.services.recovery.links.restoreToken(c.id);
    // Since the checkout: the 3-pack is no longer sold, and one bottle is left on the shelf.
    await t.app.database.db.execute(sql`update products set is_active = false where id = 6`);
    await setInventory(t.app, 5, 1);
    try {
      const sessionId = newSessionId();
      const res = await restore(token, { sessionId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ restored: [{ productId: 5, quantity: 1 }], missing: ['Smelling Salts 3-Pack'] });
      expect(await cartOf(sessionId)).toEqual([{ productId: 5, quantity: 1, price: '18.99' }]);
      // Nothing at all on the shelf: named too, and the cart keeps what it had.
      await setInventory(t.app, 5, 0);
      const empty = await restore(token, { sessionId: newSessionId() });
      expect(empty.json()).toMatchObject({ restored: [], missing: ['Single Bottle', 'Smelling Salts 3-Pack'] });
    } finally {
      await t.app.database.db.execute(sql`update products set is_active = true where id = 6`);
      await t.app.services.catalog.catalogChanged();
    }
  });

  it('answers a paid order’s link with 409 and the order’s page', async () => {
    const c = await abandon(address('paidlink'));
    const token = t.app.services.recovery.links.restoreToken(c.id);
    expect((await c.s.pay(c.secret)).json().status).toBe('succeeded');
    const sessionId = newSessionId();
    const res = await restore(token, { sessionId });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ message: 'This order is paid already', code: 'conflict' });
    expect(body.orderPage).toMatch(/^\/orders\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect((await orderPage(t.app, orderTokenIn(body.orderPage))).json()).toMatchObject({ orderNumber: c.id });
    expect(await cartOf(sessionId)).toEqual([]);
  });

  it('answers one 404 for a token that opens nothing: altered, expired, of another purpose, of no checkout', async () => {
    const c = await abandon(address('bad'));
    const good = t.app.services.recovery.links.restoreToken(c.id);
    const secret = await ensureSecret(t.app.database.db, 'tokens');
    const signer = createTokenSigner(secret);
    const tokens = {
      garbage: 'not-a-token',
      altered: `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`,
      expired: signer.sign({ purpose: 'restore', orderId: c.id }, -60_000),
      orderPage: t.app.services.orderStatus.link(c.id).split('/orders/')[1] ?? '',
      unsubscribe: t.app.services.recovery.links.unsubscribeToken('someone@example.com'),
      noSuchCheckout: signer.sign({ purpose: 'restore', orderId: 999_999 }, 60_000),
      foreign: createTokenSigner(Buffer.alloc(32, 7)).sign({ purpose: 'restore', orderId: c.id }, 60_000),
      tooLong: `${'a'.repeat(461)}.${'b'.repeat(43)}`,
    };
    for (const [name, token] of Object.entries(tokens)) {
      const res = await restore(token);
      expect(res.statusCode, name).toBe(name === 'tooLong' ? 400 : 404);
      if (name !== 'tooLong') expect(res.json(), name).toEqual({ message: RESTORE_LINK_INVALID, code: 'not_found' });
    }
    expect((await restore(good)).statusCode).toBe(200);
  });

  it('refuses bodies without a valid session id, and writes nothing', async () => {
    const c = await abandon(address('bodies'));
    const token = t.app.services.recovery.links.restoreToken(c.id);
    const before = await count(t.app, 'cart_items');
    for (const body of [{}, { sessionId: 'session-1' }, { sessionId: newSessionId(), extra: 1 }, { sessionId: 5 }, []]) {
      const res = await restore(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/recover/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"sessionId":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await count(t.app, 'cart_items')).toBe(before);
  });

  it('is limited per client address', async () => {
    const limited = await ownerStore({ RATE_LIMIT_CHECKOUT_PER_MINUTE: '3' });
    try {
      const c = await abandonCheckout(limited.t.app, address('limit'), [[5, 1]]);
      const token = limited.t.app.services.recovery.links.restoreToken(c.id);
      const call = (remoteAddress: string) =>
        limited.t.app.inject({
          method: 'POST',
          url: `/api/recover/${token}`,
          payload: { sessionId: newSessionId() },
          remoteAddress,
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call('198.51.100.7')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await call('198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.t.close();
    }
  });
});

describe('the reminder’s unsubscribe link', () => {
  it('shows the address on GET without unsubscribing, unsubscribes on POST (again and again), and stops the next reminder', async () => {
    await setDelay(1);
    const email = address('unsub');
    const first = await abandon(email);
    await age(first.id, 2);
    await t.app.services.recovery.sweep();
    const token = tokenIn((await reminderTo(email)).text, 'unsubscribe');
    const view = await t.app.inject({ url: `/api/unsubscribe/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ email: email.toLowerCase(), unsubscribed: false });
    expect(await count(t.app, 'mail_unsubscribes', `email = '${email.toLowerCase()}'`)).toBe(0);
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribe(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: email.toLowerCase(), unsubscribed: true });
    }
    expect((await t.app.inject({ url: `/api/unsubscribe/${token}` })).json().unsubscribed).toBe(true);
    expect(await count(t.app, 'mail_unsubscribes', `email = '${email.toLowerCase()}'`)).toBe(1);
    // A week later, another checkout left: no reminder for this address.
    await t.app.database.db.execute(
      sql`update checkout_reminders set sent_at = now() - interval '8 days' where order_id = ${first.id}`,
    );
    const next = await abandon(email.toUpperCase());
    await age(next.id, 2);
    await t.app.services.recovery.sweep();
    expect(await count(t.app, 'checkout_reminders', `order_id = ${next.id}`)).toBe(0);
  });

  it('takes RFC 8058’s one-click POST from a mail provider', async () => {
    const email = address('oneclick');
    const token = t.app.services.recovery.links.unsubscribeToken(email);
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/${token}`,
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual({ email: email.toLowerCase(), unsubscribed: true });
    }
  });

  it('answers one 404 for a token that opens nothing, and writes nothing', async () => {
    const secret = await ensureSecret(t.app.database.db, 'tokens');
    const before = await count(t.app, 'mail_unsubscribes');
    const tokens = [
      'not-a-token',
      t.app.services.recovery.links.restoreToken(1001),
      createTokenSigner(secret).sign({ purpose: 'unsubscribe', email: 'x@example.com' }, -1000),
      createTokenSigner(secret).sign({ purpose: 'unsubscribe', email: 42 }, 60_000),
      createTokenSigner(Buffer.alloc(32, 1)).sign({ purpose: 'unsubscribe', email: 'x@example.com' }, 60_000),
    ];
    for (const token of tokens) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/unsubscribe/${token}` });
        expect(res.statusCode, `${method} ${token}`).toBe(404);
        expect(res.json()).toEqual({ message: UNSUBSCRIBE_LINK_INVALID, code: 'not_found' });
      }
    }
    expect(await count(t.app, 'mail_unsubscribes')).toBe(before);
  });
});

describe('the analytics report', () => {
  it('counts the period’s reminders, and the live orders and revenue (net of refunds) they recovered within a week', async () => {
    await setDelay(1);
    const before = (await admin.call('GET', '/api/analytics?range=7d')).json().reminders;
    // Reminded, came back through the link and paid (a live payment), 3 days later.
    const back = address('back');
    const c = await abandon(back, [[6, 1]]);
    await age(c.id, 2);
    // Reminded, never came back.
    const gone = address('gone');
    await age((await abandon(gone)).id, 2);
    await t.app.services.recovery.sweep();
    const token = tokenIn((await reminderTo(back)).text, 'recover');
    const sessionId = newSessionId();
    expect((await restore(token, { sessionId })).statusCode).toBe(200);
    const buyer = shopper(t.app, sessionId);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId, { email: back });
    expect((await buyer.pay(secret)).json().status).toBe('succeeded');
    await t.app.database.db.execute(sql`update orders set payment_mode = 'live' where payment_intent_id = ${paymentIntentId}`);
    // A test-mode order of the other address counts for nothing.
    const other = await abandon(gone, [[5, 1]]);
    await other.s.pay(other.secret);

    const report = (await admin.call('GET', '/api/analytics?range=7d')).json();
    expect(report.reminders).toEqual({
      sent: before.sent + 2,
      ordersRecovered: before.ordersRecovered + 1,
      revenueRecovered: (Number(before.revenueRecovered) + 48.9).toFixed(2),
    });
    // An order placed more than a week after its reminder is not the reminder's.
    await t.app.database.db.execute(
      sql`update checkout_reminders set sent_at = sent_at - interval '8 days' where email = ${back.toLowerCase()}`,
    );
    const later = (await admin.call('GET', '/api/analytics?range=7d')).json().reminders;
    expect(later).toEqual({ ...before, sent: before.sent + 1 });
    await t.app.database.db.execute(
      sql`update checkout_reminders set sent_at = sent_at + interval '8 days' where email = ${back.toLowerCase()}`,
    );
    // A partial refund comes off the revenue.
    const order = await t.app.services.orders.byPaymentId(paymentIntentId);
    await t.app.database.db.execute(sql`update orders set refunded_cents = 1000 where id = ${order?.id ?? 0}`);
    expect((await admin.call('GET', '/api/analytics?range=7d')).json().reminders.revenueRecovered).toBe(
      (Number(before.revenueRecovered) + 38.9).toFixed(2),
    );
  });
});

describe('the reminder’s pages, rendered by the server', () => {
  let s: TestApp;
  beforeAll(async () => {
    // Pages are rendered from the build that `npm test` makes first (`npm run build`); a marketing
    // tag is configured, to see it kept off these pages.
    s = await createTestApp({ GA_MEASUREMENT_ID: 'G-TEST12345' }, { ssr: 'prod' });
  });
  afterAll(() => s?.close());

  it('serve /recover/<token> as a shell that restores in the browser: never indexed, never cached, no tag, the token out of the head', async () => {
    const token = s.app.services.recovery.links.restoreToken(1001);
    const res = await s.app.inject({ url: `/recover/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['content-security-policy'])).not.toContain('googletagmanager');
    expect(String((await s.app.inject({ url: '/' })).headers['content-security-policy'])).toContain('googletagmanager');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).toContain('<link rel="canonical" href="http://store.test/"');
    expect(head).not.toContain(token);
    expect(res.body).toContain('aria-label="Bringing your cart back"');
  });

  it('serve /unsubscribe/<token> with the address and a button, unsubscribing nobody; 404 for a link that opens nothing', async () => {
    const token = s.app.services.recovery.links.unsubscribeToken('Page.Reader@Example.com');
    const res = await s.app.inject({ url: `/unsubscribe/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    const root = res.body.slice(res.body.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
    expect(root).toContain('page.reader@example.com');
    expect(root).toMatch(/<button[^>]*>Unsubscribe<\/button>/);
    expect(await count(s.app, 'mail_unsubscribes')).toBe(0);
    const bad = await s.app.inject({ url: `/unsubscribe/eyJwdXJwb3NlIjoidW5zdWJzY3JpYmUifQ.${'A'.repeat(43)}` });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('Link Not Valid');
  });

  it('keep the tokens out of first-party analytics', async () => {
    for (const page of ['recover', 'unsubscribe']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/analytics/collect',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
        payload: {
          visitorId: 'visitor_0123456789abcdef',
          sessionId: `session_${page}_0000001`,
          type: 'pageview',
          path: `/${page}/eyJSecretClaims.SecretSignature_0123456789`,
        },
      });
      expect(res.statusCode).toBe(204);
      expect(await count(s.app, 'analytics_events', `path = '/${page}/:token'`)).toBe(1);
    }
    expect(await count(s.app, 'analytics_events', `path like '%SecretSignature%'`)).toBe(0);
  });
});
