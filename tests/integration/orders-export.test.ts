import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';
import { parseCsv } from '../support/csv.ts';

/** The orders CSV for the accountant (issue "Run the business", item 6). */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());

const exported = async (query = '') => {
  const res = await admin.call('GET', `/api/orders/export.csv${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, rows: parseCsv(res.body) };
};

describe('GET /api/orders/export.csv', () => {
  it('gives a paid order as one line with its items, totals and address, under a header', async () => {
    const buyer = shopper(t.app);
    await buyer.add(5, 2);
    await buyer.add(6, 1);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId, { address: '12 Iron Way, Apt 4', firstName: '=cmd|calc' });
    await buyer.pay(secret);
    const { res, rows } = await exported();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-start-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = rows;
    expect(header?.slice(0, 4)).toEqual(['Order', 'Placed at (UTC)', 'Paid at (UTC)', 'Status']);
    const line = lines.find((l) => l.includes(paymentIntentId));
    const cell = (name: string) => line?.[header?.indexOf(name) ?? -1];
    expect(cell('Status')).toBe('paid');
    expect(cell('Email')).toBe('dana.lee@example.com');
    expect(cell('First name')).toBe("'=cmd|calc");
    expect(cell('Address')).toBe('12 Iron Way, Apt 4');
    expect(cell('Items')).toBe('2 × Single Bottle @ 18.99; 1 × Smelling Salts 3-Pack @ 44.99');
    expect([
      cell('Subtotal'),
      cell('Discount code'),
      cell('Discount'),
      cell('Shipping'),
      cell('Total'),
      cell('Refunded'),
    ]).toEqual(['82.97', '', '0.00', '3.91', '86.88', '0.00']);
    expect(cell('Payment method')).toBe('card');
  });

  it('quotes every cell, and a name a spreadsheet would run arrives as text', async () => {
    const semicolon = shopper(t.app);
    await semicolon.add(5, 1);
    const first = secretOf((await semicolon.checkout()).json().checkoutUrl);
    await semicolon.ship(first.paymentIntentId, { firstName: 'Ann;=1+2', lastName: '@SUM(1+1)', phone: '+1 555 0100' });
    await semicolon.pay(first.secret);
    const minus = shopper(t.app);
    await minus.add(5, 1);
    const second = secretOf((await minus.checkout()).json().checkoutUrl);
    await minus.ship(second.paymentIntentId, { firstName: '-2+3', lastName: 'Lee' });
    await minus.pay(second.secret);
    // The form refuses tabs; a row written before that rule, or by hand, may still hold one.
    const base = { sessionId: 'session-tab', subtotalCents: 1000, totalCents: 1391, shippingCents: 391, expiresAt: new Date() };
    await t.app.database.db
      .insert(orders)
      .values({ ...base, status: 'paid', paidAt: new Date(), firstName: '\t=1+2', lastName: 'Tab', email: 'tab@example.com' });

    const { res, rows } = await exported();
    for (const cell of ['"Ann;=1+2"', `"'@SUM(1+1)"`, `"'+1 555 0100"`, `"'-2+3"`, `"'\t=1+2"`]) {
      expect(res.body).toContain(`,${cell},`);
    }
    // Every cell is quoted: what is left after taking out the quoted cells is only the separators.
    const quotedCell = /"(?:[^"]|"")*"/g;
    const unquoted = res.body.split('\r\n').filter((line) => !/^,*$/.test(line.replace(quotedCell, '')));
    expect(unquoted).toEqual([]);
    const [header, ...lines] = rows;
    const name = (id: string) => {
      const line = lines.find((l) => l.includes(id));
      return [line?.[header?.indexOf('First name') ?? -1], line?.[header?.indexOf('Last name') ?? -1]];
    };
    expect(name(first.paymentIntentId)).toEqual(['Ann;=1+2', "'@SUM(1+1)"]);
    expect(name(second.paymentIntentId)).toEqual(["'-2+3", 'Lee']);
    expect(name('tab@example.com')).toEqual(["'\t=1+2", 'Tab']);
  });

  it('takes a period of days and a status, and leaves out checkouts that were never paid', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    const base = { sessionId: 'session-x', subtotalCents: 1000, totalCents: 1391, shippingCents: 391, expiresAt: new Date() };
    const at = (d: string) => new Date(`${d}T12:00:00Z`);
    const [jan, feb, febShipped, mar] = await t.app.database.db
      .insert(orders)
      .values([
        { ...base, status: 'paid', createdAt: at('2026-01-15'), paidAt: at('2026-01-15') },
        { ...base, status: 'paid', createdAt: at('2026-02-01'), paidAt: at('2026-02-01') },
        { ...base, status: 'shipped', createdAt: at('2026-02-28'), paidAt: at('2026-02-28') },
        { ...base, status: 'paid', createdAt: at('2026-03-01'), paidAt: at('2026-03-01') },
      ])
      .returning({ id: orders.id });
    await t.app.database.db.insert(orders).values({ ...base, status: 'pending', createdAt: at('2026-02-10') });
    const ids = async (q: string) => (await exported(q)).rows.slice(1).map((r) => Number(r[0]));
    expect(await ids('')).toEqual([jan?.id, feb?.id, febShipped?.id, mar?.id]);
    expect(await ids('?from=2026-02-01&to=2026-02-28')).toEqual([feb?.id, febShipped?.id]);
    expect(await ids('?from=2026-02-01&to=2026-02-28&status=shipped')).toEqual([febShipped?.id]);
    expect(await ids('?to=2026-01-31')).toEqual([jan?.id]);
    expect(await ids('?from=2027-01-01')).toEqual([]);
    expect((await exported('?from=2026-02-01&to=2026-02-28')).res.headers['content-disposition']).toContain(
      'orders-2026-02-01-to-2026-02-28.csv',
    );
  });

  it('streams thousands of orders a batch at a time, each once, in order', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    await t.app.database.db.execute(sql`
      insert into orders (session_id, status, subtotal_cents, total_cents, expires_at, paid_at, email)
      select 'session-' || g, 'paid', 1000, 1391, now(), now(), 'bulk' || g || '@example.com' from generate_series(1, 2345) g`);
    const { rows } = await exported();
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toHaveLength(2345);
    expect(new Set(ids).size).toBe(2345);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('refuses bad dates and statuses with a message, and is the owner’s alone', async () => {
    const before = await count(t.app, 'orders');
    for (const q of [
      '?from=2026-13-01',
      '?from=2026-02-30',
      '?to=yesterday',
      '?from=2026-03-01&to=2026-02-01',
      '?status=lost',
      '?from=%00',
    ]) {
      const res = await admin.call('GET', `/api/orders/export.csv${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const anonymous = await t.app.inject({ url: '/api/orders/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('@example.com');
    expect(await count(t.app, 'orders')).toBe(before);
  });
});
