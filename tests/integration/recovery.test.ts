import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESTORE_LINK_INVALID, RESTORE_PAID, RESTORE_PAYMENT_PROBLEM, UNSUBSCRIBE_LINK_INVALID } from '#shared/recovery.ts';
import { CATCH_UP_HOURS, REMINDER_SEND_HOURS, REMINDERS_PER_SWEEP } from '#server/domains/recovery/sweep.ts';
import { ensureSecret } from '#server/lib/server-secrets.ts';
import { createTokenSigner } from '#server/lib/signed-tokens.ts';
import { sweepEveryMinute } from '#server/sweeps.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import { createTestApp, newSessionId, type TestApp } from '../support/app.ts';
import { count, SHIPPING_DETAILS, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { abandonCheckout, ageCheckout, recoveryLinksOf, remindersTo } from '../support/recovery.ts';

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
/** The reminder's links as the store signs them, for tests that open them without an e-mail. */
const links = () => recoveryLinksOf(t.app);
const mailsTo = (email: string) => remindersTo(t.app, email);
/** Sweeps until nothing is due: what earlier stories of this file left due does not count in the next. */
async function drainReminders(): Promise<void> {
  while ((await t.app.services.recovery.sweep()) > 0) {
    // again
  }
}

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
    // List-Unsubscribe names the unsubscribe page (a reader without one-click opens it), which takes the one-click POST too.
    const page = `http://store.test/unsubscribe/${tokenIn(mail.text, 'unsubscribe')}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${page}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
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
    await age(first.id, 20);
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

  it('reminds a checkout within a day after the delay, never later: turning reminders on mails no week of old checkouts', async () => {
    await setDelay(null);
    const late = address('late');
    const recent = address('recent');
    await age((await abandon(late)).id, 1 + CATCH_UP_HOURS + 1);
    await age((await abandon(recent)).id, CATCH_UP_HOURS);
    await setDelay(1);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(late)).toBe(0);
    expect(await reminderRows(recent)).toBe(1);
  });

  it(`queues at most ${REMINDERS_PER_SWEEP} reminders a sweep; the next sweep queues the rest`, async () => {
    await setDelay(1);
    await drainReminders();
    const emails = Array.from({ length: REMINDERS_PER_SWEEP + 1 }, () => address('many'));
    for (const email of emails) await age((await abandon(email, [[5, 1]])).id, 2);
    const reminded = async () => (await Promise.all(emails.map(reminderRows))).reduce((n, r) => n + r, 0);
    expect(await t.app.services.recovery.sweep()).toBe(REMINDERS_PER_SWEEP);
    expect(await reminded()).toBe(REMINDERS_PER_SWEEP);
    expect(await t.app.services.recovery.sweep()).toBe(1);
    expect(await reminded()).toBe(emails.length);
  });

  it('runs one sweep at a time in a process: a sweep started while one runs (the next minute’s) shares it', async () => {
    await setDelay(1);
    const orders = t.app.services.orders;
    const read = orders.reminderCandidates;
    let reads = 0;
    orders.reminderCandidates = (w) => {
      reads += 1;
      return read(w);
    };
    try {
      await Promise.all([t.app.services.recovery.sweep(), sweepEveryMinute(t.app), t.app.services.recovery.sweep()]);
    } finally {
      orders.reminderCandidates = read;
    }
    expect(reads).toBe(1);
  });

  it('checks the rule again in the reminder’s transaction: a later order the address paid after the candidates were read stops it', async () => {
    await setDelay(1);
    await drainReminders();
    const email = address('meanwhile');
    const first = await abandon(email);
    await age(first.id, 2);
    const orders = t.app.services.orders;
    const read = orders.reminderCandidates;
    let paidMeanwhile = false;
    orders.reminderCandidates = async (w) => {
      const page = await read(w);
      if (!paidMeanwhile && page.some((c) => c.id === first.id)) {
        // Between the sweep's read and its transaction, the shopper comes back and pays a new order.
        paidMeanwhile = true;
        const later = await abandon(email, [[6, 1]]);
        expect((await later.s.pay(later.secret)).json().status).toBe('succeeded');
      }
      return page;
    };
    try {
      expect(await t.app.services.recovery.sweep()).toBe(0);
    } finally {
      orders.reminderCandidates = read;
    }
    expect(paidMeanwhile).toBe(true);
    expect(await reminderRows(email)).toBe(0);
  });

  it('lets the outbox drop a reminder the mail server has not taken within a few hours: a late one never follows a payment', async () => {
    await setDelay(1);
    const email = address('smtpdown');
    const c = await abandon(email);
    await age(c.id, 2);
    const key = `checkout-reminder:${c.id}`;
    const message = async () => {
      const { rows } = (await t.app.database.db.execute(
        sql`select status, attempts, expires_at > now() + interval '1 hour' as later from mail_outbox where key = ${key}`,
      )) as unknown as { rows: { status: string; attempts: number; later: boolean }[] };
      return rows[0];
    };
    const mailer = t.app.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('the mail server is down');
    };
    try {
      expect(await t.app.services.recovery.sweep()).toBeGreaterThanOrEqual(1);
      expect(await eventually(async () => (await message())?.status === 'pending' && (await message())?.attempts === 1)).toBe(
        true,
      );
      // Queued with an end: a few hours, not less than one.
      expect((await message())?.later).toBe(true);
      // Meanwhile the shopper pays.
      expect((await c.s.pay(c.secret)).json().status).toBe('succeeded');
    } finally {
      mailer.send = send;
    }
    // The hours pass (its end moved back by as many) and the mail server is back: dropped, not sent.
    await t.app.database.db.execute(
      sql`update mail_outbox set expires_at = expires_at - make_interval(hours => ${REMINDER_SEND_HOURS}), next_attempt_at = now() where key = ${key}`,
    );
    await t.app.services.outbox.sweep();
    expect((await message())?.status).toBe('expired');
    expect(mailsTo(email)).toEqual([]);
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
      // The details come back; the age box does not (the shopper ticks it again, docs/decisions/0048).
      const { ageConfirmed: _box, ...details } = SHIPPING_DETAILS;
      expect(res.json()).toEqual({
        restored: [
          { productId: 5, name: 'Single Bottle', quantity: 2 },
          { productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1 },
        ],
        missing: [],
        shipping: { ...details, email: email.toLowerCase() },
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
    const token = (await links()).restoreToken(c.id);
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

  it('answers a paid order’s link with a 409 that opens no order: no order page, no key to one', async () => {
    const c = await abandon(address('paidlink'));
    const token = (await links()).restoreToken(c.id);
    expect((await c.s.pay(c.secret)).json().status).toBe('succeeded');
    const sessionId = newSessionId();
    const res = await restore(token, { sessionId });
    expect(res.statusCode).toBe(409);
    // The one error shape, pointing to the confirmation e-mail and Track Your Order (ADR 0041).
    expect(res.json()).toEqual({ message: RESTORE_PAID, code: 'conflict' });
    expect(RESTORE_PAID).toContain('Track Your Order');
    expect(res.body).not.toContain('/orders/');
    expect(await cartOf(sessionId)).toEqual([]);
  });

  it('does not call a checkout whose payment is set aside for the owner paid, and brings nothing back', async () => {
    const c = await abandon(address('issue'));
    await t.app.database.db.execute(
      sql`update orders set payment_issue = 'Paid 1.00 USD for a total of 41.89 USD' where id = ${c.id}`,
    );
    const sessionId = newSessionId();
    const res = await restore((await links()).restoreToken(c.id), { sessionId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: RESTORE_PAYMENT_PROBLEM, code: 'conflict' });
    expect(res.body).not.toContain('paid already');
    expect(await cartOf(sessionId)).toEqual([]);
  });

  it('puts back every line or none: a failure on a later line leaves the cart as it was', async () => {
    const c = await abandon(address('atomic'), [
      [5, 2],
      [6, 1],
    ]);
    const token = (await links()).restoreToken(c.id);
    const sessionId = newSessionId();
    const db = t.app.database.db;
    // The database refuses this cart's second line (the checkout's lines come back in their order).
    await db.execute(
      sql.raw(`create function refuse_restored_line() returns trigger language plpgsql as $$
        begin
          if new.session_id = '${sessionId}' and new.product_id = 6 then raise exception 'refused'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger refuse_restored_line before insert or update on cart_items for each row execute function refuse_restored_line()',
      ),
    );
    try {
      expect((await restore(token, { sessionId })).statusCode).toBe(500);
      expect(await cartOf(sessionId)).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_restored_line on cart_items'));
      await db.execute(sql.raw('drop function refuse_restored_line()'));
    }
    // The products are the catalog's list, read once, not a read per line.
    const catalog = t.app.services.catalog;
    const readOne = catalog.findActiveProductRow;
    let productReads = 0;
    catalog.findActiveProductRow = (id) => {
      productReads += 1;
      return readOne(id);
    };
    try {
      expect((await restore(token, { sessionId })).statusCode).toBe(200);
    } finally {
      catalog.findActiveProductRow = readOne;
    }
    expect(productReads).toBe(0);
    expect((await cartOf(sessionId)).map((l) => [l.productId, l.quantity])).toEqual([
      [5, 2],
      [6, 1],
    ]);
  });

  it('answers one 404 for a token that opens nothing: altered, expired, of another purpose, of no checkout', async () => {
    const c = await abandon(address('bad'));
    const good = (await links()).restoreToken(c.id);
    const secret = await ensureSecret(t.app.database.db, 'tokens');
    const signer = createTokenSigner(secret);
    const tokens = {
      garbage: 'not-a-token',
      altered: `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`,
      expired: signer.sign({ purpose: 'restore', orderId: c.id }, -60_000),
      orderPage: t.app.services.orderStatus.link(c.id).split('/orders/')[1] ?? '',
      unsubscribe: (await links()).unsubscribeToken('someone@example.com'),
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
    const token = (await links()).restoreToken(c.id);
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
      const token = (await recoveryLinksOf(limited.t.app)).restoreToken(c.id);
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

  it('takes RFC 8058’s one-click POST from a mail provider at the List-Unsubscribe address (the page’s), and at the page’s call', async () => {
    for (const path of ['unsubscribe', 'api/unsubscribe']) {
      for (const [type, payload] of [
        ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
        ],
      ] as const) {
        const email = address('oneclick');
        const token = (await links()).unsubscribeToken(email);
        const res = await t.app.inject({
          method: 'POST',
          url: `/${path}/${token}`,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${path} ${type}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json()).toEqual({ email: email.toLowerCase(), unsubscribed: true });
        expect(await count(t.app, 'mail_unsubscribes', `email = '${email.toLowerCase()}'`)).toBe(1);
      }
    }
  });

  it('answers one 404 for a token that opens nothing, and writes nothing', async () => {
    const secret = await ensureSecret(t.app.database.db, 'tokens');
    const before = await count(t.app, 'mail_unsubscribes');
    const tokens = [
      'not-a-token',
      (await links()).restoreToken(1001),
      createTokenSigner(secret).sign({ purpose: 'unsubscribe', email: 'x@example.com' }, -1000),
      createTokenSigner(secret).sign({ purpose: 'unsubscribe', email: 42 }, 60_000),
      createTokenSigner(Buffer.alloc(32, 1)).sign({ purpose: 'unsubscribe', email: 'x@example.com' }, 60_000),
    ];
    for (const token of tokens) {
      for (const [method, url] of [
        ['GET', `/api/unsubscribe/${token}`],
        ['POST', `/api/unsubscribe/${token}`],
        ['POST', `/unsubscribe/${token}`],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
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

  it('counts recovered orders paid as every revenue figure counts them: one the owner sets back to pending no longer counts', async () => {
    await setDelay(1);
    await drainReminders();
    const report = async () => (await admin.call('GET', '/api/analytics?range=7d')).json().reminders;
    const before = await report();
    const email = address('setback');
    const c = await abandon(email, [[6, 1]]);
    await age(c.id, 2);
    await t.app.services.recovery.sweep();
    expect(await reminderRows(email)).toBe(1);
    // The reminded checkout itself is paid (a live payment).
    expect((await c.s.pay(c.secret)).json().status).toBe('succeeded');
    await t.app.database.db.execute(sql`update orders set payment_mode = 'live' where id = ${c.id}`);
    expect(await report()).toEqual({
      sent: before.sent + 1,
      ordersRecovered: before.ordersRecovered + 1,
      revenueRecovered: (Number(before.revenueRecovered) + 48.9).toFixed(2),
    });
    // The owner sets it back to pending: not revenue anywhere, so not recovered revenue either.
    expect((await admin.call('PUT', `/api/orders/${c.id}/status`, { status: 'pending' })).statusCode).toBe(200);
    expect(await report()).toEqual({ ...before, sent: before.sent + 1 });
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
    const token = (await recoveryLinksOf(s.app)).restoreToken(1001);
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
    const token = (await recoveryLinksOf(s.app)).unsubscribeToken('Page.Reader@Example.com');
    const res = await s.app.inject({ url: `/unsubscribe/${token}` });
    expect(res.statusCode).toBe(200);
    // The List-Unsubscribe address: a reader without one-click who opens it gets this page, not JSON.
    expect(res.headers['content-type']).toMatch(/^text\/html/);
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
