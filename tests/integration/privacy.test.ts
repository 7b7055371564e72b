import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_TEXT } from '#shared/checkout.ts';
import type { CustomerData, CustomerErased } from '#shared/privacy.ts';
import { ORIGIN, ownerStore, type signedIn } from '../support/admin.ts';
import { paidOrder } from '../support/after-sale.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { secretOf, setInventory, shopper } from '../support/checkout.ts';
import { discountTerms } from '../support/discounts.ts';
import { eventually } from '../support/eventually.ts';

/**
 * Privacy rights that work (issue "Sell it lawfully", item 5; docs/decisions/0049): the owner
 * downloads everything the store holds about an e-mail address and erases it; money stays whole.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
type Rows<T> = { rows: T[] };
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.app.database.db.execute(query)) as unknown as Rows<T>).rows;

const DANA = 'Dana.Lee@Gmail.com';
/** Another spelling of Dana's inbox: Gmail ignores dots, a +tag and googlemail.com. */
const DANA_AGAIN = 'danalee+salts@googlemail.com';
const KIM = 'kim@example.com';

let shippedId: number;
let codeOrderId: number;
let openPaymentId: string;
let kimId: number;

const dataOf = (email: string, raw = false) =>
  admin.call('GET', `/api/admin/customers/data?email=${raw ? email : encodeURIComponent(email)}`);
const erase = (email: unknown, headers: Record<string, string> = {}) =>
  admin.call('POST', '/api/admin/customers/erase', { email }, headers);

beforeAll(async () => {
  ({ t, admin } = await ownerStore({
    RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: '1000',
    RATE_LIMIT_PRIVACY_REQUESTS_PER_MINUTE: '1000',
  }));
  await setInventory(t.app, 5, 500);
  await setInventory(t.app, 6, 500);
  // Dana: a paid order with the news box ticked, shipped since.
  const first = await paidOrder(t.app, [[5, 1]], { email: DANA, marketingConsent: true, phone: '614 555 0101' });
  shippedId = first.order.id;
  // Its label prints Dana's name and street.
  const label = await admin.call('POST', `/api/orders/${shippedId}/create-label`);
  expect(label.statusCode, label.body).toBe(200);
  expect((await admin.call('PUT', `/api/orders/${shippedId}/status`, { status: 'shipped' })).statusCode).toBe(200);
  // Dana again, as another spelling, with a code: paid and delivered.
  expect((await admin.call('POST', '/api/admin/discounts', discountTerms({ code: 'SALTS10' }))).statusCode).toBe(201);
  const buyer = shopper(t.app);
  await buyer.add(6, 1);
  const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
  expect((await buyer.code(paymentIntentId, 'salts10')).statusCode).toBe(200);
  expect((await buyer.ship(paymentIntentId, { email: DANA_AGAIN })).statusCode).toBe(200);
  expect((await buyer.pay(secret)).json().status).toBe('succeeded');
  codeOrderId = (await t.app.services.orders.byPaymentId(paymentIntentId))?.id ?? 0;
  expect((await admin.call('PUT', `/api/orders/${codeOrderId}/status`, { status: 'delivered' })).statusCode).toBe(200);
  // Dana's open checkout, at the payment step, reminded once.
  const open = shopper(t.app);
  await open.add(5, 2);
  openPaymentId = secretOf((await open.checkout()).json().checkoutUrl).paymentIntentId;
  expect((await open.ship(openPaymentId, { email: DANA })).statusCode).toBe(200);
  const openId = (await t.app.services.orders.byPaymentId(openPaymentId))?.id;
  await t.app.database.db.execute(
    sql`insert into checkout_reminders (order_id, email) values (${openId}, ${DANA.toLowerCase()})`,
  );
  await t.app.database.db.execute(
    sql`insert into checkout_reminders (order_id, email) values (${shippedId}, ${DANA.toLowerCase()})`,
  );
  // Dana's review, and Kim's order and review: Kim is someone else.
  await t.app.database.db.execute(sql`insert into reviews (product_id, order_id, customer_name, customer_email, rating, title, content, is_verified, is_approved)
    values (5, ${shippedId}, 'Dana L.', ${DANA}, 5, 'Wakes me up', 'Sharp and clean.', true, true),
           (5, null, 'Kim', ${KIM}, 4, 'Good', 'Does the job.', true, true)`);
  kimId = (await paidOrder(t.app, [[5, 1]], { email: KIM, firstName: 'Kim', lastName: 'Park' })).order.id;
  await eventually(
    async () => (await q<{ n: number }>(sql`select count(*)::int as n from mail_outbox where status = 'sent'`))[0]?.n === 3,
  );
});
afterAll(() => t?.close());

describe('a customer’s data (access request)', () => {
  it('is everything held for the address and its other spellings, as a file, and nothing of anyone else', async () => {
    const res = await dataOf('DANA.LEE@gmail.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as CustomerData;
    expect(data.addressesMatched).toEqual([DANA_AGAIN, DANA.toLowerCase()].sort());
    expect(data.orders.map((o) => o.id)).toEqual(expect.arrayContaining([shippedId, codeOrderId]));
    expect(data.orders).toHaveLength(3);
    expect(data.orders.some((o) => o.id === kimId)).toBe(false);
    const shipped = data.orders.find((o) => o.id === shippedId);
    expect(shipped).toMatchObject({
      status: 'shipped',
      firstName: 'Dana',
      phone: '614 555 0101',
      shipTo: { address: '12 Iron Way', city: 'Columbus', state: 'OH', zip: '43004', country: 'US' },
      items: [{ productId: 5, quantity: 1, unitPrice: '18.99' }],
      total: '22.90',
      erasedAt: null,
    });
    // Two distinct sets of details (the second order gave another phone).
    expect(data.addresses).toHaveLength(2);
    expect(data.addresses).toContainEqual(
      expect.objectContaining({ firstName: 'Dana', phone: '614 555 0101', address: '12 Iron Way' }),
    );
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'marketing', orderId: shippedId, text: MARKETING_CONSENT_TEXT }),
        expect.objectContaining({ kind: 'age', orderId: shippedId, text: 'I confirm I am 18 or older' }),
      ]),
    );
    expect(data.consents.filter((c) => c.kind === 'marketing')).toHaveLength(1);
    expect(data.reviews).toEqual([expect.objectContaining({ customerName: 'Dana L.', title: 'Wakes me up' })]);
    expect(data.reminders.map((r) => r.orderId).sort()).toHaveLength(2);
    expect(data.discountCodes).toEqual([expect.objectContaining({ code: 'SALTS10', orderId: codeOrderId, status: 'redeemed' })]);
    expect(data.emails.map((e) => e.subject)).toEqual(
      expect.arrayContaining([
        `Your Ironwake order #${shippedId} is confirmed`,
        `Your Ironwake order #${codeOrderId} is confirmed`,
      ]),
    );
    expect(JSON.stringify(data)).not.toContain(KIM);
    expect(data.erasures).toEqual([]);
  });

  it('lists the consent in the customers list and its CSV', async () => {
    const list = (await admin.call('GET', '/api/admin/customers')).json() as { email: string; marketingConsent: boolean }[];
    expect(list.find((c) => c.email === KIM)?.marketingConsent).toBe(false);
    const csv = (await admin.call('GET', '/api/admin/customers/export.csv')).body;
    expect(csv.split('\r\n')[0]).toContain('"News and offers"');
    expect(csv).toContain(`"${KIM}","Kim Park","1","22.90"`);
  });

  it('is an empty file for an address the store never saw, the same shape', async () => {
    const data = (await dataOf('nobody@example.org')).json() as CustomerData;
    expect(data).toMatchObject({
      orders: [],
      reviews: [],
      reminders: [],
      emails: [],
      addressesMatched: [],
      reminderOptOut: null,
    });
  });

  it('refuses what is not an address with a message, and strangers', async () => {
    for (const email of [
      '',
      'not-an-address',
      `${'a'.repeat(300)}@example.com`,
      'x%00%40example.com',
      'dana%40example.com%ED%A0%80',
    ]) {
      const res = await dataOf(email, true);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const stranger = await t.app.inject({ method: 'GET', url: `/api/admin/customers/data?email=${encodeURIComponent(DANA)}` });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain('Iron Way');
    const erased = await t.app.inject({ method: 'POST', url: '/api/admin/customers/erase', payload: { email: DANA } });
    expect(erased.statusCode).toBe(401);
  });
});

describe('erasing a customer (deletion request)', () => {
  it('refuses another site’s page and bad bodies, and erases nothing then', async () => {
    expect((await erase(DANA, { origin: 'https://evil.example' })).statusCode).toBe(403);
    for (const body of [{}, { email: 'nope' }, { email: DANA, extra: 1 }, { email: 42 }]) {
      const res = await admin.call('POST', '/api/admin/customers/erase', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await dataOf(DANA)).json().orders).toHaveLength(3);
  });

  it('removes names, e-mail, phone and street, keeps the money, and keeps the unfinished checkout', async () => {
    const moneyBefore = await q<Record<string, unknown>>(
      sql`select id, total_cents, refunded_cents, subtotal_cents, discount_cents, shipping_cents, status, shipping_state, shipping_zip,
            created_at, paid_at from orders order by id`,
    );
    const summaryBefore = (await admin.call('GET', '/api/orders/summary')).json();
    expect((await admin.call('GET', `/api/orders/${shippedId}/label`)).statusCode).toBe(200);
    const res = await erase(DANA_AGAIN);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as CustomerErased;
    expect(answer.erased).toMatchObject({ orders: 2, reviews: 1, reminders: 1, codeUses: 1 });
    expect(answer.erased.emails).toBeGreaterThanOrEqual(2);
    const openId = (await t.app.services.orders.byPaymentId(openPaymentId))?.id;
    expect(answer.kept).toEqual([{ orderId: openId, status: 'pending' }]);
    expect(answer.message).toContain(`#${openId}`);

    // Money, dates, state and ZIP are as they were, for every order.
    expect(
      await q<Record<string, unknown>>(
        sql`select id, total_cents, refunded_cents, subtotal_cents, discount_cents, shipping_cents, status, shipping_state, shipping_zip,
              created_at, paid_at from orders order by id`,
      ),
    ).toEqual(moneyBefore);
    expect((await admin.call('GET', '/api/orders/summary')).json()).toMatchObject({
      totalRevenue: summaryBefore.totalRevenue,
    });
    const erased = await q<Record<string, unknown>>(
      sql`select email, first_name, last_name, phone, shipping_address, shipping_city, shipping_state, shipping_zip,
            marketing_consent_at, erased_at from orders where id in (${shippedId}, ${codeOrderId})`,
    );
    for (const o of erased) {
      expect(o).toMatchObject({
        email: null,
        first_name: null,
        last_name: null,
        phone: null,
        shipping_address: null,
        shipping_city: null,
        shipping_state: 'OH',
        shipping_zip: '43004',
        marketing_consent_at: null,
      });
      expect(o.erased_at).not.toBeNull();
    }
    // Nothing else in the store names the address: history, reviews, codes, reminders, e-mails.
    const everywhere = await q<{ hit: string }>(sql`
      select 'event' as hit from order_events where order_id in (${shippedId}, ${codeOrderId})
        and (message ilike '%dana%' or message ilike '%columbus%' or message ilike '%iron way%')
      union all select 'review' from reviews where customer_email ilike '%dana%' or customer_name ilike '%dana%'
      union all select 'code' from discount_redemptions where email ilike '%dana%' or mailbox ilike '%dana%'
      union all select 'reminder' from checkout_reminders where email ilike '%dana%' and order_id <> ${openId}
      union all select 'mail' from mail_outbox where to_address ilike '%dana%' and status = 'sent'`);
    expect(everywhere).toEqual([]);
    // The label's PDF is gone with the name it printed; tracking and postage stay.
    expect(await q(sql`select name from stored_files where folder = 'labels' and name like ${`${shippedId}-%`}`)).toEqual([]);
    expect((await admin.call('GET', `/api/orders/${shippedId}/label`)).statusCode).toBe(404);
    expect(
      (await q<{ tracking: string | null }>(sql`select tracking_number as tracking from orders where id = ${shippedId}`))[0]
        ?.tracking,
    ).toBeTruthy();
    // The review stays, with no name; the shop shows it so.
    const reviews = (await t.app.inject({ method: 'GET', url: '/api/reviews?productId=5' })).json() as {
      customerName: string;
      title: string;
    }[];
    expect(reviews.find((r) => r.title === 'Wakes me up')?.customerName).toBe('');
    // The erasure is recorded: when and by whom, and not the address.
    const records = await q<Record<string, unknown>>(sql`select * from privacy_erasures`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ erased_by: 'owner' });
    expect(JSON.stringify(records)).not.toMatch(/dana|gmail/i);
    // Kim is untouched.
    const kim = (await dataOf(KIM)).json() as CustomerData;
    expect(kim.orders[0]).toMatchObject({ email: KIM, firstName: 'Kim', shipTo: { address: '12 Iron Way' } });
    expect(kim.reviews).toHaveLength(1);
    // What is left for the address: the open checkout only, and the erasure.
    const after = (await dataOf(DANA)).json() as CustomerData;
    expect(after.orders.map((o) => o.id)).toEqual([openId]);
    expect(after.reviews).toEqual([]);
    expect(after.discountCodes).toEqual([]);
    expect(after.erasures).toEqual([{ at: expect.any(String), by: 'owner' }]);
  });

  it('is harmless a second time, and the kept checkout still pays and ships', async () => {
    const again = await erase(DANA);
    expect(again.statusCode).toBe(200);
    expect(again.json().erased).toMatchObject({ orders: 0, reviews: 0, codeUses: 0 });
    expect((await dataOf(DANA)).json().erasures).toHaveLength(2);
  });
});

describe('erasures at once (a race that matters on PostgreSQL)', () => {
  it('ten erasures of one address and its payment at once: every one answers, the money stays whole', async () => {
    const address = `race.${Date.now()}@example.com`;
    const paid = await paidOrder(t.app, [[5, 1]], { email: address });
    expect((await admin.call('PUT', `/api/orders/${paid.order.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    const open = shopper(t.app);
    await open.add(5, 1);
    const { secret, paymentIntentId } = secretOf((await open.checkout()).json().checkoutUrl);
    expect((await open.ship(paymentIntentId, { email: address })).statusCode).toBe(200);
    const [payment, ...answers] = await Promise.all([
      open.pay(secret),
      ...Array.from({ length: 10 }, () => erase(address.toUpperCase())),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.reduce((n, a) => n + a.json().erased.orders, 0)).toBe(1);
    // The checkout paid meanwhile is kept with its address (it must ship); the delivered one is erased.
    expect(payment.json().status).toBe('succeeded');
    const rows = await q<{ id: number; email: string | null; total: number }>(
      sql`select id, email, total_cents as total from orders where id = ${paid.order.id} or payment_intent_id = ${paymentIntentId} order by id`,
    );
    expect(rows.map((r) => [r.email, Number(r.total)])).toEqual([
      [null, 2290],
      [address, 2290],
    ]);
    expect((await dataOf(address)).json().erasures).toHaveLength(10);
  });
});

describe('the privacy routes’ limit', () => {
  it('answers 429 with a message past the requests an address has in a minute', async () => {
    const limited = await createTestApp({
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'correct-horse-battery',
      RATE_LIMIT_PRIVACY_REQUESTS_PER_MINUTE: '2',
    });
    try {
      const { signedIn } = await import('../support/admin.ts');
      const owner = await signedIn(limited.app);
      const reads: number[] = [];
      const erasures: number[] = [];
      for (let i = 0; i < 3; i++) {
        reads.push((await owner.call('GET', '/api/admin/customers/data?email=a%40example.com')).statusCode);
        erasures.push(
          (await owner.call('POST', '/api/admin/customers/erase', { email: 'a@example.com' }, { origin: ORIGIN })).statusCode,
        );
      }
      expect(reads).toEqual([200, 200, 429]);
      expect(erasures).toEqual([200, 200, 429]);
      const refused = await owner.call('POST', '/api/admin/customers/erase', { email: 'a@example.com' });
      expect(refused.json().message).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
