import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '#shared/admin.ts';
import type { Customer } from '#shared/customers.ts';
import { orders } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';
import { parseCsv } from '../support/csv.ts';

/**
 * The owner's customers (ADR 0028): the e-mail addresses of paid orders, in any case, with their
 * orders and what they spent; a page at a time with the next page in Link; searched on the server;
 * as CSV; and one customer's own orders.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.database.db.execute(sql`delete from orders`);
});

type Row = typeof orders.$inferInsert;
let n = 0;
/** An order written straight into the table, placed at `at`: paid and live unless told otherwise. */
async function order(email: string | null, at: string, v: Partial<Row> = {}): Promise<number> {
  n++;
  const [row] = await t.app.database.db
    .insert(orders)
    .values({
      sessionId: `session-customers-${n}`,
      status: 'paid',
      paymentIntentId: `pi_customers_${n}_${Math.random().toString(36).slice(2, 10)}`,
      paymentMode: 'live',
      subtotalCents: 1899,
      shippingCents: 391,
      totalCents: 2290,
      email,
      firstName: 'Avery',
      lastName: `Buyer${n}`,
      expiresAt: new Date(at),
      createdAt: new Date(at),
      paidAt: new Date(at),
      ...v,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order not inserted');
  return row.id;
}

const list = async (query = '') => {
  const res = await admin.call('GET', `/api/admin/customers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { customers: res.json() as Customer[], link: res.headers.link as string | undefined };
};
const nextOf = (link: string | undefined) => /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1];
const emails = async (query = '') => (await list(query)).customers.map((c) => c.email);

/** Every customer, following Link from the first page. */
async function allPages(first: string): Promise<{ emails: string[]; pages: number; links: string[] }> {
  const seen: string[] = [];
  const links: string[] = [];
  let url: string | undefined = first;
  let pages = 0;
  while (url) {
    const page = await list(url.slice('/api/admin/customers'.length));
    seen.push(...page.customers.map((c) => c.email));
    url = nextOf(page.link);
    if (url) links.push(url);
    pages++;
  }
  return { emails: seen, pages, links };
}

describe('who is a customer, and their figures', () => {
  it('counts one customer for one address in any case, with the orders and totals of their paid orders only', async () => {
    await order('Pat.Quill@Example.com', '2026-03-01T10:00:00Z', { totalCents: 2290, firstName: 'Pat', lastName: 'Quill' });
    await order('pat.quill@example.com', '2026-04-02T11:30:00Z', {
      status: 'shipped',
      totalCents: 1500,
      firstName: 'Patricia',
      lastName: 'Quill-Moss',
    });
    // An open checkout, a closed one, a payment problem and a delivered order of other addresses.
    await order('pat.quill@example.com', '2026-05-01T00:00:00Z', { status: 'pending', paidAt: null, totalCents: 99_999 });
    await order('gone@example.com', '2026-05-02T00:00:00Z', { status: 'pending', paidAt: null, expiredAt: new Date() });
    await order('problem@example.com', '2026-05-03T00:00:00Z', {
      status: 'pending',
      paidAt: null,
      paymentIssue: 'amount differs',
    });
    await order(null, '2026-05-04T00:00:00Z', { status: 'pending', paidAt: null });
    await order('del@example.com', '2026-01-15T08:00:00Z', {
      status: 'delivered',
      totalCents: 4890,
      firstName: null,
      lastName: null,
    });

    const { customers, link } = await list();
    expect(link).toBeUndefined();
    expect(customers).toEqual([
      {
        email: 'pat.quill@example.com',
        name: 'Patricia Quill-Moss',
        orders: 2,
        testOrders: 0,
        totalSpent: '37.90',
        firstOrderAt: '2026-03-01T10:00:00.000Z',
        lastOrderAt: '2026-04-02T11:30:00.000Z',
        marketingConsent: false,
      },
      {
        email: 'del@example.com',
        name: '',
        orders: 1,
        testOrders: 0,
        totalSpent: '48.90',
        firstOrderAt: '2026-01-15T08:00:00.000Z',
        lastOrderAt: '2026-01-15T08:00:00.000Z',
        marketingConsent: false,
      },
    ]);
  });

  it('counts test orders as the orders list shows them, and says how many there were', async () => {
    await order('tess@example.com', '2026-02-01T00:00:00Z', { paymentMode: 'test', totalCents: 10_000 });
    await order('tess@example.com', '2026-02-02T00:00:00Z', { totalCents: 2290 });
    const [tess] = (await list()).customers;
    expect(tess).toMatchObject({ email: 'tess@example.com', orders: 2, testOrders: 1, totalSpent: '122.90' });
  });

  it('makes a customer of a real checkout once it is paid, not before', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 2);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId, { email: 'Real.Buyer@Example.com', firstName: 'Real', lastName: 'Buyer' });
    expect((await list()).customers).toEqual([]);
    await buyer.pay(secret);
    const [c] = (await list()).customers;
    expect(c).toMatchObject({ email: 'real.buyer@example.com', name: 'Real Buyer', orders: 1, totalSpent: '41.89' });
  });

  it('makes one customer of two orders placed at the same moment, named by the later order', async () => {
    await order('twice@example.com', '2026-05-05T05:05:05Z', { firstName: 'First' });
    await order('TWICE@example.com', '2026-05-05T05:05:05Z', { firstName: 'Second' });
    const walked = await allPages('/api/admin/customers?limit=1');
    expect(walked.emails).toEqual(['twice@example.com']);
    expect((await list()).customers).toMatchObject([{ name: expect.stringMatching(/^Second /), orders: 2, totalSpent: '45.80' }]);
  });

  it('adds up large totals to the cent', async () => {
    for (let i = 0; i < 30; i++)
      await order('big@example.com', `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`, { totalCents: 99_999_999 });
    expect((await list()).customers[0]).toMatchObject({ orders: 30, totalSpent: '29999999.70' });
  });
});

describe('a page at a time', () => {
  it('sorts by the latest order, newest first, and pages through customers who share that time without a gap or a repeat', async () => {
    const same = '2026-06-01T12:00:00Z';
    const expected: string[] = [];
    // Seven customers whose latest orders share one time, each with an older order too.
    for (let i = 0; i < 7; i++) {
      await order(`tie${i}@example.com`, '2026-01-01T00:00:00Z');
      await order(`tie${i}@example.com`, same);
    }
    // Ties go by the latest order's number, highest first.
    for (let i = 6; i >= 0; i--) expected.push(`tie${i}@example.com`);
    await order('newest@example.com', '2026-07-01T00:00:00Z');
    await order('oldest@example.com', '2025-12-01T00:00:00Z');
    const all = ['newest@example.com', ...expected, 'oldest@example.com'];

    for (const size of [1, 2, 3, 4, 50]) {
      const walked = await allPages(`/api/admin/customers?limit=${size}`);
      expect(walked.emails, `limit ${size}`).toEqual(all);
      expect(walked.pages).toBe(Math.ceil(all.length / size));
      for (const link of walked.links)
        expect(link).toMatch(new RegExp(`^/api/admin/customers\\?limit=${size}&cursor=[A-Za-z0-9_-]+$`));
    }
  });

  it('keeps microseconds apart: customers a microsecond apart on either side of a page break each come once', async () => {
    const a = await order('micro-a@example.com', '2026-06-01T00:00:00Z');
    const b = await order('micro-b@example.com', '2026-06-01T00:00:00Z');
    const c = await order('micro-c@example.com', '2026-06-01T00:00:00Z');
    // b is a microsecond after a and c: it comes first although its number is between theirs.
    await t.app.database.db.execute(sql`update orders set created_at = '2026-06-01T00:00:00.000001Z' where id = ${b}`);
    await t.app.database.db.execute(sql`update orders set created_at = '2026-06-01T00:00:00.000000Z' where id in (${a}, ${c})`);
    const walked = await allPages('/api/admin/customers?limit=1');
    expect(walked.emails).toEqual(['micro-b@example.com', 'micro-c@example.com', 'micro-a@example.com']);
  });

  it('gives 50 by default and at most 200, and keeps the search in the next page’s address', async () => {
    await t.app.database.db.execute(sql`
      insert into orders (session_id, status, subtotal_cents, total_cents, expires_at, paid_at, created_at, email, first_name)
      select 'session-many-' || g, 'paid', 1000, 1391, now(), now(), now() - g * interval '1 minute', 'many' || g || '@example.com', 'Many'
      from generate_series(1, 260) g`);
    const first = await list();
    expect(first.customers).toHaveLength(50);
    expect(first.customers[0]?.email).toBe('many1@example.com');
    expect(nextOf(first.link)).toMatch(/^\/api\/admin\/customers\?limit=50&cursor=[A-Za-z0-9_-]+$/);
    expect((await list('?limit=200')).customers).toHaveLength(200);
    const searched = await list('?q=%20MANY2&limit=5');
    expect(searched.customers.map((c) => c.email)).toEqual([
      'many2@example.com',
      ...[20, 21, 22, 23].map((i) => `many${i}@example.com`),
    ]);
    expect(nextOf(searched.link)).toMatch(/^\/api\/admin\/customers\?q=MANY2&limit=5&cursor=[A-Za-z0-9_-]+$/);
    const rest = await allPages(nextOf(searched.link) ?? '');
    // many2, many20–29, many200–260 (less the four on the first page): 1 + 10 + 61 − 5.
    expect(rest.emails).toHaveLength(67);
    expect(new Set(rest.emails).size).toBe(67);
    expect(rest.emails.every((e) => e.startsWith('many2'))).toBe(true);
  });
});

describe('searching', () => {
  it('finds by any part of the e-mail or of the name on the latest order, in any case; not by a payment id or an old name', async () => {
    await order('mq.lifter@example.org', '2026-01-01T00:00:00Z', { firstName: 'Maria', lastName: 'Old' });
    await order('MQ.Lifter@example.org', '2026-02-01T00:00:00Z', {
      firstName: 'Marisol',
      lastName: 'Quintana',
      paymentIntentId: 'pi_FindMeNot1234567',
    });
    await order('other@example.com', '2026-03-01T00:00:00Z', { firstName: 'Otto', lastName: 'Other' });
    expect(await emails('?q=marisol')).toEqual(['mq.lifter@example.org']);
    expect(await emails('?q=QUINTANA')).toEqual(['mq.lifter@example.org']);
    expect(await emails('?q=Marisol%20Quintana')).toEqual(['mq.lifter@example.org']);
    expect(await emails('?q=lifter%40EXAMPLE.ORG')).toEqual(['mq.lifter@example.org']);
    expect(await emails('?q=example')).toEqual(['other@example.com', 'mq.lifter@example.org']);
    expect(await emails('?q=findmenot')).toEqual([]);
    expect(await emails('?q=maria%20old')).toEqual([]);
    expect(await emails('?q=nobody-at-all')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    await order('percent@example.com', '2026-01-01T00:00:00Z', { lastName: '100%_Sure' });
    await order('plain@example.com', '2026-01-02T00:00:00Z', { lastName: '1000Sure' });
    expect(await emails('?q=%25')).toEqual(['percent@example.com']);
    expect(await emails('?q=0%25_s')).toEqual(['percent@example.com']);
    expect(await emails('?q=_')).toEqual(['percent@example.com']);
  });
});

describe('one customer’s orders', () => {
  it('lists exactly the orders counted for that address, in any case, newest first, a page at a time', async () => {
    const first = await order('ann@example.com', '2026-01-01T00:00:00Z');
    const second = await order('ANN@example.com', '2026-02-01T00:00:00Z', { status: 'delivered' });
    const third = await order('Ann@Example.com', '2026-03-01T00:00:00Z', { status: 'shipped' });
    await order('ann@example.com', '2026-04-01T00:00:00Z', { status: 'pending', paidAt: null });
    await order('joann@example.com', '2026-02-15T00:00:00Z');
    await order('ann@example.com.au', '2026-02-16T00:00:00Z');

    const res = await admin.call('GET', '/api/admin/customers/orders?email=Ann%40example.COM');
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminOrder[]).map((o) => o.id)).toEqual([third, second, first]);
    expect(res.headers.link).toBeUndefined();
    const [customer] = (await list('?q=ann%40example.com')).customers.filter((c) => c.email === 'ann@example.com');
    expect(customer?.orders).toBe(3);

    const page = await admin.call('GET', '/api/admin/customers/orders?email=ann%40example.com&limit=2');
    expect((page.json() as AdminOrder[]).map((o) => o.id)).toEqual([third, second]);
    const next = nextOf(page.headers.link as string);
    expect(next).toBe(`/api/admin/customers/orders?email=ann%40example.com&limit=2&cursor=${second}`);
    const rest = await admin.call('GET', next ?? '');
    expect((rest.json() as AdminOrder[]).map((o) => o.id)).toEqual([first]);
    expect(rest.headers.link).toBeUndefined();

    const order0 = (res.json() as AdminOrder[])[0];
    expect(order0).toMatchObject({ id: third, status: 'shipped', email: 'Ann@Example.com', total: '22.90', items: [] });
    expect((await admin.call('GET', '/api/admin/customers/orders?email=nobody%40example.com')).json()).toEqual([]);
  });
});

describe('GET /api/admin/customers/export.csv', () => {
  const exported = async (query = '') => {
    const res = await admin.call('GET', `/api/admin/customers/export.csv${query}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return { res, rows: parseCsv(res.body) };
  };

  it('gives each customer a line under a header, a formula-like name as text', async () => {
    await order('calc@example.com', '2026-01-01T00:00:00Z', { firstName: '=cmd|calc', lastName: 'A1' });
    await order('Calc@example.com', '2026-02-01T09:15:00Z', {
      firstName: '=HYPERLINK("http://evil.test")',
      lastName: null,
      totalCents: 1000,
    });
    await order('comma@example.com', '2026-01-10T00:00:00Z', { firstName: 'Lee, Jr.', lastName: '"Ace"' });
    const { res, rows } = await exported();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows).toEqual([
      ['Email', 'Name', 'Orders', 'Total spent', 'First order (UTC)', 'Last order (UTC)', 'Test orders', 'News and offers'],
      [
        'calc@example.com',
        `'=HYPERLINK("http://evil.test")`,
        '2',
        '32.90',
        '2026-01-01T00:00:00.000Z',
        '2026-02-01T09:15:00.000Z',
        '0',
        'no',
      ],
      ['comma@example.com', 'Lee, Jr. "Ace"', '1', '22.90', '2026-01-10T00:00:00.000Z', '2026-01-10T00:00:00.000Z', '0', 'no'],
    ]);
    expect(res.body.split('\r\n')[0]).toBe(
      '"Email","Name","Orders","Total spent","First order (UTC)","Last order (UTC)","Test orders","News and offers"',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")","2","32.90",`);
    expect((await exported('?q=comma')).rows.slice(1).map((r) => r[0])).toEqual(['comma@example.com']);
  });

  it('streams thousands of customers a batch at a time, each once, in the list’s order', async () => {
    await t.app.database.db.execute(sql`
      insert into orders (session_id, status, subtotal_cents, total_cents, expires_at, paid_at, created_at, email)
      select 'session-bulk-' || g, 'paid', 1000, 1391, now(), now(), timestamptz '2026-01-01' + (g % 700) * interval '1 second',
        'bulk' || (g % 1234) || '@example.com'
      from generate_series(1, 2500) g`);
    const { rows } = await exported();
    const lines = rows.slice(1);
    expect(lines).toHaveLength(1234);
    expect(new Set(lines.map((r) => r[0])).size).toBe(1234);
    expect(lines.map((r) => r[0])).toEqual(await allPages('/api/admin/customers?limit=200').then((p) => p.emails));
    expect(lines.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(2500);
  });
});

describe('what a careless or hostile caller sends', () => {
  it('answers 400 with a message for a bad limit, cursor, search or e-mail, and writes nothing', async () => {
    await order('someone@example.com', '2026-01-01T00:00:00Z');
    const before = await count(t.app, 'orders');
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const url of [
      '/api/admin/customers?limit=0',
      '/api/admin/customers?limit=201',
      '/api/admin/customers?limit=abc',
      '/api/admin/customers?limit=1.5',
      '/api/admin/customers?cursor=',
      '/api/admin/customers?cursor=1042',
      '/api/admin/customers?cursor=%00',
      '/api/admin/customers?cursor=not*base64',
      `/api/admin/customers?cursor=${b64('1.0')}`,
      `/api/admin/customers?cursor=${b64('1.2147483648')}`,
      `/api/admin/customers?cursor=${b64('12345678901234567.1001')}`,
      `/api/admin/customers?cursor=${b64("1.1001' or 1=1 --")}`,
      `/api/admin/customers?cursor=${'A'.repeat(41)}`,
      `/api/admin/customers?q=${'x'.repeat(201)}`,
      '/api/admin/customers?q=%00',
      '/api/admin/customers?q=a%0Ab',
      '/api/admin/customers?q=%E2%80%AE',
      '/api/admin/customers?q=a&q=b',
      `/api/admin/customers/export.csv?q=${'x'.repeat(201)}`,
      '/api/admin/customers/export.csv?q=%00',
      '/api/admin/customers/orders',
      '/api/admin/customers/orders?email=',
      '/api/admin/customers/orders?email=no-at-sign',
      `/api/admin/customers/orders?email=${'x'.repeat(250)}%40example.com`,
      '/api/admin/customers/orders?email=a%40b%00',
      '/api/admin/customers/orders?email=a%40b.c&limit=0',
      '/api/admin/customers/orders?email=a%40b.c&cursor=abc',
    ]) {
      const res = await admin.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message, url).toBe('string');
    }
    expect(await count(t.app, 'orders')).toBe(before);
  });

  it('a well-formed cursor from anywhere gives a page, never an error', async () => {
    await order('late@example.com', '2026-01-02T00:00:00Z');
    await order('early@example.com', '2026-01-01T00:00:00Z');
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const micros = (iso: string) => `${new Date(iso).getTime()}000`;
    expect(await emails(`?cursor=${b64(`${micros('2026-01-02T00:00:00Z')}.1`)}`)).toEqual(['early@example.com']);
    expect(await emails(`?cursor=${b64('9999999999999999.2147483647')}`)).toEqual(['late@example.com', 'early@example.com']);
    expect(await emails(`?cursor=${b64('0.1')}`)).toEqual([]);
  });

  it('shows no customer, CSV or customer’s orders without a session, and needs no Origin to read', async () => {
    await order('secret.buyer@example.com', '2026-01-01T00:00:00Z');
    for (const url of [
      '/api/admin/customers',
      '/api/admin/customers?q=secret',
      '/api/admin/customers/export.csv',
      '/api/admin/customers/orders?email=secret.buyer%40example.com',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Authentication required: please sign in');
      expect(res.body).not.toContain('secret.buyer');
      const forged = await t.app.inject({ url, headers: { cookie: 'admin_session=forged-session-token' } });
      expect(forged.statusCode, url).toBe(401);
      const own = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(own.statusCode, url).toBe(200);
      expect(own.body).toContain('secret.buyer@example.com');
    }
  });
});
