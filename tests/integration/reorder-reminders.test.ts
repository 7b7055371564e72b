import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REORDER_REMINDER_TEXT } from '#shared/consent.ts';
import { REORDER_LINK_INVALID } from '#shared/reorders.ts';
import { createReorderLinks } from '#server/domains/reorders/links.ts';
import { ensureSecret } from '#server/lib/server-secrets.ts';
import { createTokenSigner } from '#server/lib/signed-tokens.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import { paidOrder } from '../support/after-sale.ts';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';
import { count, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { recoveryLinksOf } from '../support/recovery.ts';

/**
 * Reorder reminders (issue 31 item 1; docs/decisions/0051): a shopper who ticked "Remind me when I
 * may be running low" gets one e-mail the owner's days per bottle after delivery, with a Reorder
 * link that fills the cart at today's prices and an unsubscribe link; never twice, never after a
 * newer order of the address, never without the box; the Analytics tab counts them.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({ SUPPORT_EMAIL: 'help@ironwake.test', RATE_LIMIT_CART_PER_MINUTE: '100000' }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
  await t.app.database.db.execute(sql`update products set price_cents = 1899, is_active = true where id = 5`);
  await t.app.services.catalog.catalogChanged();
  await setDays(21);
});

const SETTINGS = {
  shippingRate: '3.91',
  freeShippingOver: null,
  supportEmail: 'help@ironwake.test',
  supportPhone: '+1-800-555-0199',
  ownerEmail: null,
  reminderDelayHours: null,
};
const putSettings = (days: unknown) => admin.call('PUT', '/api/admin/settings', { ...SETTINGS, reorderReminderDays: days });
async function setDays(days: number | null): Promise<void> {
  const res = await putSettings(days);
  expect(res.statusCode, res.body).toBe(200);
}

let n = 0;
/** A fresh address for each story, so the stories of one file do not meet. */
const address = (who: string) => `${who}.${++n}.${Date.now()}@example.com`;

const SINGLE: [number, number][] = [[5, 1]];
const THREE_PACK: [number, number][] = [[6, 1]];

/** A paid order of `email` whose shipping step ticked the box (or not). */
async function bought(email: string, lines: [number, number][] = SINGLE, reorderReminder = true) {
  return (await paidOrder(t.app, lines, { email, reorderReminder })).order.id;
}
/** Delivered `days` ago (shipped three days before that). */
const deliveredDaysAgo = (orderId: number, days: number) =>
  t.app.database.db.execute(
    sql`update orders set status = 'delivered', shipped_at = now() - make_interval(days => ${days + 3}),
        delivered_at = now() - make_interval(days => ${days}) where id = ${orderId}`,
  );
/** Shipped `days` ago, and no delivery scan ever came. */
const shippedDaysAgo = (orderId: number, days: number) =>
  t.app.database.db.execute(
    sql`update orders set status = 'shipped', shipped_at = now() - make_interval(days => ${days}), delivered_at = null where id = ${orderId}`,
  );

const SUBJECT = 'Running low on Ironwake salts?';
const remindersTo = (email: string) => t.app.mailer.sent.filter((m) => m.to === email && m.subject === SUBJECT);
const rowsOf = (email: string) => count(t.app, 'reorder_reminders', `email = '${email}'`);
const sweep = () => t.app.services.reorders.sweep();

async function reminderTo(email: string) {
  expect(await eventually(async () => remindersTo(email).length > 0)).toBe(true);
  const mail = remindersTo(email)[0];
  if (!mail) throw new Error('no reminder');
  return mail;
}
const tokenIn = (text: string, page: 'reorder' | 'unsubscribe') => {
  const token = new RegExp(`/${page}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no /${page}/ link in:\n${text}`);
  return token;
};
const reorder = (token: string, body: unknown = { sessionId: newSessionId() }) =>
  t.app.inject({ method: 'POST', url: `/api/reorder/${token}`, payload: body as object });
const cartOf = async (sessionId: string) =>
  (
    (await t.app.inject({ url: `/api/cart/${sessionId}` })).json() as {
      productId: number;
      quantity: number;
      product: { price: string };
    }[]
  ).map((i) => ({ productId: i.productId, quantity: i.quantity, price: i.product.price }));
const links = async () => createReorderLinks(await ensureSecret(t.app.database.db, 'tokens'), t.app.config.publicUrl);

describe('the checkout’s box', () => {
  it('records the opt-in with its time and wording, and nothing when unticked or sent as anything but true or false', async () => {
    const s = shopper(t.app);
    expect((await s.add(5, 1)).statusCode).toBe(201);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    const optIn = async () => {
      const found = await t.app.database.db.execute(
        sql`select reorder_reminder_at as at, reorder_reminder_text as text from orders where payment_intent_id = ${paymentIntentId}`,
      );
      return (found as unknown as { rows: { at: string | Date | null; text: string | null }[] }).rows[0];
    };
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect(await optIn()).toEqual({ at: null, text: null });

    const before = Date.now();
    expect((await s.ship(paymentIntentId, { reorderReminder: true })).statusCode).toBe(200);
    const ticked = await optIn();
    expect(ticked?.text).toBe('Remind me when I may be running low');
    expect(REORDER_REMINDER_TEXT).toBe('Remind me when I may be running low');
    expect(Math.abs(new Date(ticked?.at ?? 0).getTime() - before)).toBeLessThan(10_000);

    for (const bad of ['yes', 1, null, 'true']) {
      const res = await s.ship(paymentIntentId, { reorderReminder: bad, city: 'Dayton' });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    // Nothing the refused saves carried was written.
    expect((await optIn())?.text).toBe('Remind me when I may be running low');
    expect(await count(t.app, 'orders', `payment_intent_id = '${paymentIntentId}' and shipping_city = 'Dayton'`)).toBe(0);

    // Saved again unticked: the opt-in goes with it.
    expect((await s.ship(paymentIntentId, { reorderReminder: false })).statusCode).toBe(200);
    expect(await optIn()).toEqual({ at: null, text: null });
  });
});

describe('the reminder sweep', () => {
  it('never e-mails an order whose shopper did not tick the box', async () => {
    const email = address('no-box');
    const id = await bought(email, SINGLE, false);
    await deliveredDaysAgo(id, 22);
    await sweepEveryMinute(t.app);
    await sweep();
    expect(await rowsOf(email)).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(remindersTo(email)).toEqual([]);
  });

  it('sends one e-mail with the order’s items, a Reorder link and one-click unsubscribe headers, once however often it runs', async () => {
    const email = address('dana');
    const id = await bought(email, [
      [5, 1],
      [6, 1],
    ]);
    // 1 bottle and a 3-pack: 4 bottles, 84 days.
    await deliveredDaysAgo(id, 83);
    expect(await sweep()).toBe(0);
    await deliveredDaysAgo(id, 85);
    await sweepEveryMinute(t.app);
    await sweepEveryMinute(t.app);
    await sweep();
    expect(await rowsOf(email)).toBe(1);
    expect(await count(t.app, 'mail_outbox', `key = 'reorder-reminder:${id}'`)).toBe(1);
    const mail = await reminderTo(email);
    expect(mail.text).toContain('Hi Dana,');
    expect(mail.text).toContain('1 × Single Bottle\n1 × Smelling Salts 3-Pack');
    expect(mail.text).toContain('Reorder: http://store.test/reorder/');
    expect(mail.text).toContain('To get no more reminders: http://store.test/unsubscribe/');
    expect(mail.html).toContain('>Reorder<');
    const page = `http://store.test/unsubscribe/${tokenIn(mail.text, 'unsubscribe')}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${page}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The owner sees it in the order's history once delivered.
    expect(
      await eventually(async () =>
        (await admin.call('GET', `/api/orders/${id}/timeline`))
          .json()
          .some((e: { message: string }) => e.message === `Reorder reminder sent to ${email}`),
      ),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(remindersTo(email)).toHaveLength(1);
  });

  it('counts the days from delivery by bottles: a 3-pack lasts three times as long as a bottle', async () => {
    const one = address('one-bottle');
    const pack = address('three-pack');
    const two = address('two-bottles');
    const oneId = await bought(one, SINGLE);
    const packId = await bought(pack, THREE_PACK);
    const twoId = await bought(two, [[5, 2]]);
    for (const id of [oneId, packId, twoId]) await deliveredDaysAgo(id, 22);
    await sweep();
    expect([await rowsOf(one), await rowsOf(pack), await rowsOf(two)]).toEqual([1, 0, 0]);
    // Two bottles: 42 days; a 3-pack: 63.
    await deliveredDaysAgo(twoId, 43);
    await deliveredDaysAgo(packId, 43);
    await sweep();
    expect([await rowsOf(two), await rowsOf(pack)]).toEqual([1, 0]);
    await deliveredDaysAgo(packId, 64);
    await sweep();
    expect(await rowsOf(pack)).toBe(1);
  });

  it('follows the owner’s days, counts from a week after shipping when no delivery scan came, and never mails an order long past due', async () => {
    await setDays(30);
    const email = address('thirty');
    const id = await bought(email);
    await deliveredDaysAgo(id, 22);
    await sweep();
    expect(await rowsOf(email)).toBe(0);

    const untracked = address('untracked');
    const u = await bought(untracked);
    // 30 days after an assumed delivery 7 days after shipping.
    await shippedDaysAgo(u, 36);
    await sweep();
    expect(await rowsOf(untracked)).toBe(0);
    await shippedDaysAgo(u, 38);
    await sweep();
    expect(await rowsOf(untracked)).toBe(1);

    // Due more than a week ago (reminders turned on late): not sent.
    const old = address('old');
    await deliveredDaysAgo(await bought(old), 30 + 8);
    await sweep();
    expect(await rowsOf(old)).toBe(0);

    // Off: nothing, however due.
    await setDays(null);
    const off = address('off');
    await deliveredDaysAgo(await bought(off), 31);
    expect(await sweep()).toBe(0);
    expect(await rowsOf(off)).toBe(0);
  });

  it('never reminds an order after a newer order of the same address, nor a refunded one', async () => {
    const email = address('came-back');
    const first = await bought(email);
    await bought(email.toUpperCase(), SINGLE, false);
    await deliveredDaysAgo(first, 22);
    await sweep();
    expect(await rowsOf(email)).toBe(0);

    const refunded = address('refunded');
    const r = await bought(refunded);
    await deliveredDaysAgo(r, 22);
    await t.app.database.db.execute(sql`update orders set status = 'refunded' where id = ${r}`);
    await sweep();
    expect(await rowsOf(refunded)).toBe(0);
  });

  it('stops after the one-click unsubscribe (RFC 8058) at the List-Unsubscribe address: the next order gets none', async () => {
    const email = address('unsub');
    const first = await bought(email);
    await deliveredDaysAgo(first, 22);
    await sweep();
    const mail = await reminderTo(email);
    const target = /<([^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(target).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email, unsubscribed: true });

    const second = await bought(email, SINGLE, true);
    await deliveredDaysAgo(second, 22);
    await sweep();
    expect(await rowsOf(email)).toBe(1);
    expect(await count(t.app, 'reorder_reminders', `order_id = ${second}`)).toBe(0);
  });

  it('shares the unsubscribe list with the checkout reminders: an address unsubscribed there gets no reorder reminder', async () => {
    const email = address('shared-list');
    const id = await bought(email);
    await deliveredDaysAgo(id, 22);
    const recovery = await recoveryLinksOf(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${recovery.unsubscribeToken(email)}` })).statusCode).toBe(
      200,
    );
    await sweep();
    expect(await rowsOf(email)).toBe(0);
  });
});

describe('the Reorder link', () => {
  it('fills the cart with the same items at today’s prices, with the shipping details, and skips a product no longer sold', async () => {
    const email = address('reorder');
    const id = await bought(email, [
      [5, 2],
      [6, 1],
    ]);
    // Five bottles: 105 days.
    await deliveredDaysAgo(id, 5 * 21 + 1);
    await sweep();
    const token = tokenIn((await reminderTo(email)).text, 'reorder');
    // The price changed since the order (18.99 then).
    await t.app.database.db.execute(sql`update products set price_cents = 2099 where id = 5`);
    await t.app.services.catalog.catalogChanged();

    const sessionId = newSessionId();
    const res = await reorder(token, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.restored).toEqual([
      { productId: 5, name: 'Single Bottle', quantity: 2, unitPrice: '20.99' },
      { productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1, unitPrice: '44.99' },
    ]);
    expect(body.missing).toEqual([]);
    expect(body.shipping).toMatchObject({
      email,
      firstName: 'Dana',
      lastName: 'Lee',
      city: 'Columbus',
      state: 'OH',
      zip: '43004',
    });
    expect(await cartOf(sessionId)).toEqual([
      { productId: 5, quantity: 2, price: '20.99' },
      { productId: 6, quantity: 1, price: '44.99' },
    ]);
    // Opening it again adds nothing.
    expect((await reorder(token, { sessionId })).statusCode).toBe(200);
    expect(await cartOf(sessionId)).toHaveLength(2);
    expect((await cartOf(sessionId)).map((l) => l.quantity)).toEqual([2, 1]);

    // A product the owner stopped selling is left out and named.
    await t.app.database.db.execute(sql`update products set is_active = false where id = 5`);
    await t.app.services.catalog.catalogChanged();
    const other = newSessionId();
    const later = (await reorder(token, { sessionId: other })).json();
    expect(later.missing).toEqual(['Single Bottle']);
    expect(later.restored.map((l: { productId: number }) => l.productId)).toEqual([6]);
    expect(await cartOf(other)).toEqual([{ productId: 6, quantity: 1, price: '44.99' }]);
  });

  it('answers 404 with one message for an expired, forged or other-purpose token, and writes nothing', async () => {
    const email = address('tokens');
    const id = await bought(email);
    const secret = await ensureSecret(t.app.database.db, 'tokens');
    const good = (await links()).reorderToken(id);
    const [payload, signature] = good.split('.');
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = [
      createTokenSigner(secret).sign({ orderId: id, purpose: 'reorder' }, -60_000),
      `${payload}.${flipped}`,
      `${Buffer.from(JSON.stringify({ orderId: id + 1, purpose: 'reorder', exp: 9_999_999_999 })).toString('base64url')}.${signature}`,
      (await recoveryLinksOf(t.app)).restoreToken(id),
      (await recoveryLinksOf(t.app)).unsubscribeToken(email),
      createTokenSigner(Buffer.alloc(32, 7)).sign({ orderId: id, purpose: 'reorder' }, 60_000),
      'not-a-token',
    ];
    const [visits, carts] = [await count(t.app, 'reorder_visits'), await count(t.app, 'cart_items')];
    for (const token of bad) {
      const res = await reorder(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual({ message: REORDER_LINK_INVALID, code: 'not_found' });
    }
    // A careless client: no session, a bad one, extra fields.
    for (const body of [{}, { sessionId: '' }, { sessionId: 'x'.repeat(300) }, { sessionId: newSessionId(), price: '0.01' }]) {
      const res = await reorder(good, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await count(t.app, 'reorder_visits')).toBe(visits);
    expect(await count(t.app, 'cart_items')).toBe(carts);
    // The good one opens.
    expect((await reorder(good)).statusCode).toBe(200);
  });
});

describe('the owner’s side', () => {
  it('prints the postal address the owner gives under the reminder, as CAN-SPAM asks of marketing e-mail', async () => {
    const email = address('postal');
    const id = await bought(email);
    await deliveredDaysAgo(id, 22);
    const saved = await admin.call('PUT', '/api/admin/settings', {
      ...SETTINGS,
      postalAddress: '  12 Iron Way, Columbus, OH 43004 ',
    });
    expect(saved.json().postalAddress).toBe('12 Iron Way, Columbus, OH 43004');
    expect((await admin.call('PUT', '/api/admin/settings', { ...SETTINGS, postalAddress: 'x'.repeat(201) })).statusCode).toBe(
      400,
    );
    try {
      await sweep();
      const mail = await reminderTo(email);
      expect(mail.text).toContain('Ironwake\nhttp://store.test\n12 Iron Way, Columbus, OH 43004');
      expect(String(mail.html).replaceAll('<!-- -->', '')).toContain('Ironwake, 12 Iron Way, Columbus, OH 43004');
    } finally {
      expect((await admin.call('PUT', '/api/admin/settings', { ...SETTINGS, postalAddress: null })).json().postalAddress).toBe(
        null,
      );
    }
  });

  it('takes the days as a setting from 7 to 120, or off', async () => {
    for (const bad of [6, 121, 21.5, '21', -1]) {
      const res = await putSettings(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await admin.call('GET', '/api/admin/settings')).json().reorderReminderDays).toBe(21);
    await setDays(45);
    expect((await admin.call('GET', '/api/admin/settings')).json().reorderReminderDays).toBe(45);
    // A client that leaves it out keeps it.
    expect((await admin.call('PUT', '/api/admin/settings', SETTINGS)).json().reorderReminderDays).toBe(45);
  });

  it('counts reminders sent, the reorders placed from their link and their revenue (paid live orders only), beside the other figures', async () => {
    const report = async () => (await admin.call('GET', '/api/analytics?range=7d')).json();
    const before = await report();
    expect(before.reminders).toBeDefined();
    const email = address('analytics');
    const id = await bought(email, THREE_PACK);
    await deliveredDaysAgo(id, 64);
    await sweep();
    const token = tokenIn((await reminderTo(email)).text, 'reorder');
    const sessionId = newSessionId();
    expect((await reorder(token, { sessionId })).statusCode).toBe(200);
    const buyer = shopper(t.app, sessionId);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId, { email });
    expect((await buyer.pay(secret)).json().status).toBe('succeeded');

    // A test payment: sent counts, the reorder's money does not.
    expect((await report()).reorderReminders).toEqual({ ...before.reorderReminders, sent: before.reorderReminders.sent + 1 });

    // Paid live, with 1.50 of sales tax in its total: revenue leaves the tax out, as every revenue figure does.
    await t.app.database.db.execute(
      sql`update orders set payment_mode = 'live', tax_cents = 150, total_cents = total_cents + 150 where payment_intent_id = ${paymentIntentId}`,
    );
    const after = await report();
    expect(after.reorderReminders).toEqual({
      sent: before.reorderReminders.sent + 1,
      reorders: before.reorderReminders.reorders + 1,
      revenue: (Number(before.reorderReminders.revenue) + 48.9).toFixed(2),
    });
    // An order from another cart of the same address is not the link's.
    const elsewhere = await paidOrder(t.app, SINGLE, { email });
    await t.app.database.db.execute(sql`update orders set payment_mode = 'live' where id = ${elsewhere.order.id}`);
    expect((await report()).reorderReminders.reorders).toBe(after.reorderReminders.reorders);
  });

  it('gives the reminders and the opt-in in a customer’s data, and erases them with the address', async () => {
    const email = address('privacy');
    const id = await bought(email);
    await deliveredDaysAgo(id, 22);
    await sweep();
    const token = tokenIn((await reminderTo(email)).text, 'reorder');
    expect((await reorder(token)).statusCode).toBe(200);
    const data = (await admin.call('GET', `/api/admin/customers/data?email=${encodeURIComponent(email)}`)).json();
    expect(data.reorderReminders).toEqual([{ orderId: id, sentAt: expect.any(String), linkOpenedAt: [expect.any(String)] }]);
    expect(data.consents).toContainEqual({
      kind: 'reorder_reminder',
      orderId: id,
      text: 'Remind me when I may be running low',
      at: expect.any(String),
    });
    const erased = (await admin.call('POST', '/api/admin/customers/erase', { email })).json();
    expect(erased.erased.reorderReminders).toBe(2);
    expect(await rowsOf(email)).toBe(0);
    expect(await count(t.app, 'reorder_visits', `reminder_order_id = ${id}`)).toBe(0);
    expect(await count(t.app, 'orders', `id = ${id} and reorder_reminder_at is not null`)).toBe(0);
  });
});

describe('the Reorder link’s page, rendered by the server', () => {
  let s: TestApp;
  beforeAll(async () => {
    // Pages are rendered from the build (`npm run build`); a marketing tag is configured, to see it kept off the page.
    s = await createTestApp({ GA_MEASUREMENT_ID: 'G-TEST12345' }, { ssr: 'prod' });
  });
  afterAll(() => s?.close());

  it('serves /reorder/<token> as a shell that fills the cart in the browser: never indexed, never cached, no tag, the token out of the head', async () => {
    const token = createReorderLinks(await ensureSecret(s.app.database.db, 'tokens'), s.app.config.publicUrl).reorderToken(1001);
    const res = await s.app.inject({ url: `/reorder/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['content-security-policy'])).not.toContain('googletagmanager');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).toContain('<link rel="canonical" href="http://store.test/"');
    expect(head).not.toContain(token);
    expect(res.body).toContain('aria-label="Filling your cart"');
    // Nothing is put in a cart by the page's GET: only the browser's POST does that.
    expect(await count(s.app, 'reorder_visits')).toBe(0);
  });

  it('keeps the token out of first-party analytics and the logs’ paths', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
      payload: {
        visitorId: 'visitor_0123456789abcdef',
        sessionId: 'session_reorder_0000001',
        type: 'pageview',
        path: '/reorder/eyJSecretClaims.SecretSignature_0123456789',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(await count(s.app, 'analytics_events', `path = '/reorder/:token'`)).toBe(1);
    expect(await count(s.app, 'analytics_events', `path like '%SecretSignature%'`)).toBe(0);
  });
});
