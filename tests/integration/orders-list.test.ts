import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminOrder, ORDER_STATUSES, type OrdersSummary } from '#shared/admin.ts';
import { orders } from '#db/schema/index.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';

/**
 * The owner's orders list a page at a time (issue "Run the business", item 4): newest first, the
 * next page in the Link header, a search on the server, filters for payment problems and closed
 * checkouts, and the summary's figures computed in the database.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signedIn(t.app);
});
afterAll(() => t?.close());

type Row = typeof orders.$inferInsert;
const HOUR = 3_600_000;
let n = 0;
/** Orders written straight into the table: what the list reads, without a checkout each. */
async function insertOrders(count: number, v: Partial<Row> = {}): Promise<number[]> {
  const rows: Row[] = Array.from({ length: count }, () => {
    n++;
    return {
      sessionId: `session-list-${n}`,
      status: 'paid',
      paymentIntentId: `pi_list_${n}_${Math.random().toString(36).slice(2, 10)}`,
      paymentMode: 'live',
      subtotalCents: 1899,
      shippingCents: 391,
      totalCents: 2290,
      email: `buyer${n}@example.com`,
      firstName: 'Avery',
      lastName: `Buyer${n}`,
      expiresAt: new Date(Date.now() + HOUR),
      paidAt: new Date(),
      ...v,
    };
  });
  const inserted = await t.app.database.db.insert(orders).values(rows).returning({ id: orders.id });
  return inserted.map((r) => r.id);
}

const list = async (query = '') => {
  const res = await admin.call('GET', `/api/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { orders: res.json() as AdminOrder[], link: res.headers.link as string | undefined };
};
const nextOf = (link: string | undefined) => /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1];
const summary = async () => (await admin.call('GET', '/api/orders/summary')).json() as OrdersSummary;

describe('GET /api/orders a page at a time', () => {
  it('gives 50 newest first, then the rest by following Link, each order once', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    const ids = await insertOrders(120);
    const first = await list();
    expect(first.orders.map((o) => o.id)).toEqual(ids.slice(-50).reverse());
    const seen = [...first.orders.map((o) => o.id)];
    let next = nextOf(first.link);
    let pages = 1;
    while (next) {
      expect(next).toMatch(/^\/api\/orders\?limit=50&cursor=\d+$/);
      const page = await list(next.slice('/api/orders'.length));
      seen.push(...page.orders.map((o) => o.id));
      next = nextOf(page.link);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('takes a page size from 1 to 200, and an order bought while paging does not shift the next page', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    const ids = await insertOrders(5);
    const first = await list('?limit=2');
    expect(first.orders.map((o) => o.id)).toEqual([ids[4], ids[3]]);
    await insertOrders(1);
    const second = await list(nextOf(first.link)?.slice('/api/orders'.length));
    expect(second.orders.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const last = await list(nextOf(second.link)?.slice('/api/orders'.length));
    expect(last.orders.map((o) => o.id)).toEqual([ids[0]]);
    expect(last.link).toBeUndefined();
    expect((await list('?limit=200')).orders).toHaveLength(6);
  });

  it('keeps the status, filter and search in the next page’s address', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    await insertOrders(3, { status: 'shipped', lastName: 'Okafor' });
    const { link } = await list('?status=shipped&q=okafor&limit=2');
    expect(nextOf(link)).toMatch(/^\/api\/orders\?status=shipped&q=okafor&limit=2&cursor=\d+$/);
  });
});

describe('searching on the server', () => {
  it('finds by first or last name, full name, e-mail, payment id and order number, in any case', async () => {
    const [a] = await insertOrders(1, { firstName: 'Marisol', lastName: 'Quintana', email: 'mq.lifter@example.org' });
    const [b] = await insertOrders(1, { paymentIntentId: 'pi_SearchMe12345678' });
    const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).orders.map((o) => o.id);
    expect(await found('marisol')).toEqual([a]);
    expect(await found('QUINTANA')).toEqual([a]);
    expect(await found('Marisol Quintana')).toEqual([a]);
    expect(await found('lifter@EXAMPLE')).toEqual([a]);
    expect(await found('searchme1234')).toEqual([b]);
    expect(await found(String(b))).toEqual([b]);
    expect(await found(`#${a}`)).toEqual([a]);
    expect(await found('  marisol  ')).toEqual([a]);
  });

  it('takes % and _ literally, and finds nothing for a search that matches nothing', async () => {
    const [pct] = await insertOrders(1, { lastName: '100%_Sure' });
    expect((await list('?q=%25')).orders.map((o) => o.id)).toEqual([pct]);
    expect((await list('?q=0%25_s')).orders.map((o) => o.id)).toEqual([pct]);
    expect((await list('?q=zzz-nobody')).orders).toEqual([]);
    expect((await list('?q=99999999999')).orders).toEqual([]);
  });
});

describe('which orders each list shows', () => {
  it('All: paid and problems; Pending: open checkouts that reached payment and problems; closed ones under their filter only', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    const [paid] = await insertOrders(1);
    const [test] = await insertOrders(1, { paymentMode: 'test', totalCents: 10000 });
    const [shipped] = await insertOrders(1, { status: 'shipped' });
    const [problem] = await insertOrders(1, { status: 'pending', paidAt: null, paymentIssue: 'amount differs' });
    const [open] = await insertOrders(1, { status: 'pending', paidAt: null });
    const [cartOnly] = await insertOrders(1, { status: 'pending', paidAt: null, email: null });
    const [closed] = await insertOrders(1, { status: 'pending', paidAt: null, expiredAt: new Date() });
    await insertOrders(1, { status: 'pending', paidAt: null, email: null, expiredAt: new Date() });
    const ids = async (q: string) => (await list(q)).orders.map((o) => o.id).sort();
    expect(await ids('')).toEqual([paid, test, shipped, problem].sort());
    expect(await ids('?status=pending')).toEqual([problem, open].sort());
    expect(await ids('?status=shipped')).toEqual([shipped]);
    expect(await ids('?filter=payment-problem')).toEqual([problem]);
    expect(await ids('?filter=expired')).toEqual([closed]);
    expect(await ids('?status=pending&filter=payment-problem')).toEqual([problem]);
    expect(await ids('?status=paid&filter=payment-problem')).toEqual([]);
    for (const q of ['', '?status=pending', '?filter=expired']) expect(await ids(q)).not.toContain(cartOnly);

    expect(await summary()).toEqual({
      totalOrders: 4,
      paidOrders: 2,
      totalRevenue: '45.80',
      grossRevenue: '45.80',
      refunds: '0.00',
      taxCollected: '0.00',
      testOrders: { count: 1, total: '100.00' },
      byStatus: { pending: 2, paid: 2, shipped: 1, delivered: 0, cancelled: 0, refunded: 0 },
      byFilter: { 'payment-problem': 1, expired: 1, disputes: 0 },
    });
  });

  it('a real checkout paid by card is listed with its items, and counts in the summary at its total', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    const buyer = shopper(t.app);
    await buyer.add(6, 2);
    const { secret, paymentIntentId } = secretOf((await buyer.checkout()).json().checkoutUrl);
    await buyer.ship(paymentIntentId);
    await buyer.pay(secret);
    const [order] = (await list()).orders;
    expect(order).toMatchObject({
      stripePaymentIntentId: paymentIntentId,
      total: '93.89',
      items: [{ productId: 6, quantity: 2 }],
    });
    expect((await summary()).totalOrders).toBe(1);
  });
});

describe('the summary, counted by the database as orders change', () => {
  /** What the summary says, counted the slow way: every order, read and judged here. */
  async function countedByHand() {
    const rows = await t.app.database.db.select().from(orders);
    // Money came in: any status after payment; a cancelled order only when it had been paid.
    const paidLive = rows.filter(
      (o) => o.status !== 'pending' && (o.status !== 'cancelled' || o.paidAt) && o.paymentMode === 'live',
    );
    return {
      paidOrders: paidLive.length,
      revenueCents: paidLive.reduce((sum, o) => sum + o.totalCents - o.refundedCents, 0),
      grossCents: paidLive.reduce((sum, o) => sum + o.totalCents, 0),
      shipped: rows.filter((o) => o.status === 'shipped').length,
    };
  }

  it('gives each list the count of what the list shows, for every kind of order', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    let cents = 100;
    for (const status of ORDER_STATUSES) {
      for (const paymentMode of ['live', 'test'] as const) {
        for (const issue of [null, 'amount differs']) {
          for (const paidAt of [null, new Date()]) {
            for (const email of [null, 'kind@example.com']) {
              for (const expiredAt of [null, new Date()]) {
                cents += 7;
                // Refunded in full, or cancelled after payment (refunded in full too), or a part refunded.
                const refundedCents =
                  status === 'refunded' || (status === 'cancelled' && paidAt) ? cents : status === 'shipped' ? 100 : 0;
                await insertOrders(1, {
                  status,
                  paymentMode,
                  paymentIssue: issue,
                  paidAt,
                  email,
                  expiredAt,
                  totalCents: cents,
                  refundedCents,
                });
              }
            }
          }
        }
      }
    }
    const listed = async (q: string) => (await list(`?limit=200${q}`)).orders.length;
    const s = await summary();
    expect(s.totalOrders).toBe(await listed(''));
    for (const status of ORDER_STATUSES) {
      expect(s.byStatus[status], status).toBe(await listed(`&status=${status}`));
    }
    for (const filter of ['payment-problem', 'expired'] as const) {
      expect(s.byFilter[filter], filter).toBe(await listed(`&filter=${filter}`));
    }
    const hand = await countedByHand();
    expect(s.paidOrders).toBe(hand.paidOrders);
    expect(s.totalRevenue).toBe((hand.revenueCents / 100).toFixed(2));
    expect(s.grossRevenue).toBe((hand.grossCents / 100).toFixed(2));
    expect(hand.grossCents).toBeGreaterThan(hand.revenueCents);
  });

  it('follows status changes, deletions and concurrent writes, to the cent', async () => {
    await t.app.database.db.execute(sql`delete from orders`);
    const ids = await insertOrders(30, { totalCents: 1234 });
    const fold = () => t.app.services.orders.foldSummary();
    await Promise.all([
      ...ids.slice(0, 10).map((id) => admin.call('PUT', `/api/orders/${id}/status`, { status: 'shipped' })),
      fold(),
      insertOrders(5, { totalCents: 999 }),
      fold(),
      insertOrders(5, { status: 'pending', paidAt: null, totalCents: 555 }),
      t.app.database.db.update(orders).set({ totalCents: 2000 }).where(sql`${orders.id} = ${ids[29]}`),
      t.app.database.db.delete(orders).where(sql`${orders.id} in (${ids[20]}, ${ids[21]})`),
    ]);
    const s = await summary();
    const hand = await countedByHand();
    expect(s.paidOrders).toBe(hand.paidOrders);
    expect(s.totalRevenue).toBe((hand.revenueCents / 100).toFixed(2));
    expect(s.byStatus.shipped).toBe(hand.shipped);
    expect(s).toMatchObject({ paidOrders: 33, totalRevenue: (27 * 12.34 + 20 + 5 * 9.99).toFixed(2), byStatus: { shipped: 10 } });
    await fold();
    expect(await summary()).toEqual(s);
    await t.app.database.db.execute(sql`delete from orders`);
    expect(await summary()).toMatchObject({ totalOrders: 0, paidOrders: 0, totalRevenue: '0.00' });
    await fold();
    expect(await summary()).toMatchObject({ totalOrders: 0, paidOrders: 0, totalRevenue: '0.00' });
  });

  it('keeps every kind’s count and sums equal to a count of the orders themselves, folded or not', async () => {
    const db = t.app.database.db;
    /** Each kind of order counted from the orders table itself, the slow way the rollup replaces. */
    const scanned = async () =>
      (
        (await db.execute(sql`
          select status, payment_mode, payment_issue is not null as has_issue, paid_at is not null as has_paid,
            email is not null as has_email, expired_at is not null as has_expired,
            count(*)::int as orders, sum(total_cents)::int as total, sum(refunded_cents)::int as refunded,
            sum(single_units)::int as singles, sum(bundle_units)::int as bundles, (count(*) filter (where bundle_units > 0))::int as bundle_orders
          from orders group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`)) as unknown as { rows: unknown[] }
      ).rows;
    const rolledUp = async () =>
      (
        (await db.execute(sql`
          select status, payment_mode, has_issue, has_paid, has_email, has_expired,
            sum(orders)::int as orders, sum(total_cents)::int as total, sum(refunded_cents)::int as refunded,
            sum(single_units)::int as singles, sum(bundle_units)::int as bundles, sum(bundle_orders)::int as bundle_orders
          from (select status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
              single_units, bundle_units, bundle_orders from order_kind_totals
            union all
            select status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
              single_units, bundle_units, bundle_orders from order_kind_changes) k
          group by 1, 2, 3, 4, 5, 6 having sum(orders) <> 0 or sum(total_cents) <> 0 order by 1, 2, 3, 4, 5, 6`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    /** Customers with paid live orders, counted from the orders, and as their rows keep them (ADR 0033). */
    const customersScanned = async () =>
      (
        (await db.execute(sql`
          select lower(email) as email, count(*)::int as paid_orders, min(coalesce(paid_at, created_at)) as first_paid_at
          from orders where email is not null and payment_mode = 'live'
            and (status in ('paid', 'shipped', 'delivered', 'refunded') or (status = 'cancelled' and paid_at is not null))
          group by 1 order by 1`)) as unknown as { rows: unknown[] }
      ).rows;
    const customersKept = async () =>
      (
        (await db.execute(sql`select email, paid_orders, first_paid_at from order_customers order by 1`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const unfolded = async () =>
      Number(
        ((await db.execute(sql`select count(*)::int as n from order_kind_changes`)) as unknown as { rows: { n: number }[] })
          .rows[0]?.n,
      );
    const fold = () => t.app.services.orders.foldSummary();

    await db.execute(sql`delete from orders`);
    const ids = await insertOrders(40, { totalCents: 2290 });
    await insertOrders(6, { status: 'pending', paidAt: null, email: null });
    // Returning customers: the same address, in any case.
    await insertOrders(3, { email: 'Again@Example.com', paidAt: new Date(Date.now() - 5 * 86_400_000) });
    await insertOrders(2, { email: 'again@example.com' });
    // Lines of single bottles and 3-packs, one statement for many orders and one per order.
    await db.execute(sql`insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
      select id, case when id % 3 = 0 then 6 else 5 end, case when id % 3 = 0 then 'Smelling Salts 3-Pack' else 'Smelling Salts' end,
        case when id % 3 = 0 then 4499 else 1899 end, 1 + id % 2
      from orders where id = any(${sql.raw(`array[${ids.slice(0, 30).join(',')}]`)})`);
    await db.execute(sql`insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
      values (${ids[30]}, 5, 'Smelling Salts', 1899, 2), (${ids[30]}, 6, 'Smelling Salts 3-Pack', 4499, 1)`);
    expect(await unfolded()).toBeGreaterThan(0);
    expect(await rolledUp()).toEqual(await scanned());
    expect(await customersKept()).toEqual(await customersScanned());
    // Writes of every kind, with folds racing them.
    await Promise.all([
      fold(),
      db.update(orders).set({ refundedCents: 500 }).where(sql`${orders.id} = ${ids[0]}`),
      db.update(orders).set({ paymentIssue: 'amount differs' }).where(sql`${orders.id} = ${ids[1]}`),
      db.update(orders).set({ status: 'cancelled', refundedCents: 2290 }).where(sql`${orders.id} = ${ids[2]}`),
      db.update(orders).set({ email: null, paymentMode: 'test' }).where(sql`${orders.id} = ${ids[3]}`),
      db.update(orders).set({ status: 'pending', paidAt: null, expiredAt: new Date() }).where(sql`${orders.id} = ${ids[4]}`),
      fold(),
      db.delete(orders).where(sql`${orders.id} in (${ids[5]}, ${ids[6]})`),
      insertOrders(3, { status: 'delivered', totalCents: 4890 }),
      db.update(orders).set({ email: 'Again@example.com' }).where(sql`${orders.id} = ${ids[8]}`),
      db
        .update(orders)
        .set({ status: 'pending', paidAt: null })
        .where(sql`lower(${orders.email}) = 'again@example.com' and ${orders.paidAt} < now() - interval '1 day'`),
      fold(),
    ]);
    expect(await rolledUp()).toEqual(await scanned());
    expect(await customersKept()).toEqual(await customersScanned());
    expect((await customersKept()).length).toBeGreaterThan(30);
    // An update that changes no kind and no amount writes no change.
    await fold();
    await db.update(orders).set({ firstName: 'Renamed', updatedAt: new Date() }).where(sql`${orders.id} = ${ids[7]}`);
    expect(await unfolded()).toBe(0);
    expect(await rolledUp()).toEqual(await scanned());
    expect(await fold()).toBe(0);
    await db.execute(sql`delete from orders where id % 2 = 0`);
    expect(await rolledUp()).toEqual(await scanned());
    expect(await customersKept()).toEqual(await customersScanned());
  });
});

describe('what a careless or hostile caller sends', () => {
  it('answers 400 with a message for a bad limit, cursor, status, filter or search, and writes nothing', async () => {
    const before = await count(t.app, 'orders');
    for (const q of [
      '?limit=0',
      '?limit=201',
      '?limit=abc',
      '?limit=1.5',
      '?cursor=-1',
      '?cursor=abc',
      '?cursor=99999999999',
      '?status=returned',
      '?filter=everything',
      `?q=${'x'.repeat(201)}`,
      '?q=%00',
      '?q=a%0Ab',
    ]) {
      const res = await admin.call('GET', `/api/orders${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message, q).toBe('string');
    }
    expect(await count(t.app, 'orders')).toBe(before);
  });

  it('shows neither list nor figures without a session', async () => {
    for (const url of ['/api/orders', '/api/orders/summary', '/api/orders?q=example.com']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('example.com"');
    }
  });
});
