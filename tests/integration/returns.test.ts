import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatusView } from '#shared/order-status.ts';
import type { AdminReturn } from '#shared/returns.ts';
import { ADMIN, ORIGIN, ownerStore, type signedIn } from '../support/admin.ts';
import { askReturn, deliveredDaysAgo, mailsAbout, orderPage, paidOrder } from '../support/after-sale.ts';
import type { TestApp } from '../support/app.ts';
import { count, inventoryOf, newAddress, setInventory } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { pdfText } from '../support/pdf.ts';

/**
 * Returns within 30 days (issue "After the purchase", item 4), with the built-in label provider: the
 * shopper asks from the order page, the owner approves (a return slip) or refuses, and receives the
 * parcel, which refunds its lines through the refund path. On PGlite and on PostgreSQL.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({
    OWNER_EMAIL: 'owner@ironwake.test',
    RATE_LIMIT_RETURN_REQUESTS_PER_HOUR: '100000',
  }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 200);
  await setInventory(t.app, 6, 100);
});

/** A delivered order (2 single bottles at 18.99, 1 three-pack at 44.99) and its page's token. */
async function delivered(daysAgo = 2) {
  const { order, token } = await paidOrder(t.app);
  await deliveredDaysAgo(t.app, order.id, daysAgo);
  return { order, token };
}

const returnsOf = (orderId: number) => count(t.app, 'return_requests', `order_id = ${orderId}`);
const adminReturns = async (query = '') =>
  (await admin.call('GET', `/api/admin/returns${query}`)).json() as {
    returns: AdminReturn[];
    counts: Record<string, number>;
  };

describe('asking for a return', () => {
  it('takes lines the shopper still has, with a reason, e-mails them and the owner, and lists it for the owner', async () => {
    const { order, token } = await delivered();
    const res = await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'Too strong for me' });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as OrderStatusView;
    const [ret] = view.returns;
    expect(ret).toMatchObject({
      status: 'requested',
      statusLabel: 'Waiting for approval',
      reason: 'Too strong for me',
      items: [{ productId: 6, name: 'Smelling Salts 3-Pack', quantity: 1 }],
      value: '44.99',
      label: null,
    });
    expect(ret?.rma).toBe(`RMA-${ret?.id}`);
    // The 3-pack is under way now: only the bottles are left to return.
    expect(view.returnable.lines).toEqual([{ productId: 5, name: 'Single Bottle', quantity: 2, unitPrice: '18.99' }]);
    expect(view.history[0]?.text).toBe(`Return ${ret?.rma} requested: 1 × Smelling Salts 3-Pack`);

    expect(
      await eventually(async () =>
        mailsAbout(t.app, order.id).some((m) => m.subject.startsWith('We received your return request')),
      ),
    ).toBe(true);
    // The owner's e-mail leaves the outbox on its own, not necessarily with the shopper's.
    const toOwner = () => t.app.mailer.sent.find((m) => m.to === 'owner@ironwake.test' && m.subject.includes(ret?.rma ?? '?'));
    expect(await eventually(async () => toOwner() !== undefined)).toBe(true);
    const owner = toOwner();
    expect(owner?.text).toContain('Reason: Too strong for me');
    expect(owner?.text).toContain('http://store.test/admin?tab=returns');

    const listed = await adminReturns('?status=requested');
    expect(listed.returns.find((r) => r.id === ret?.id)).toMatchObject({
      orderId: order.id,
      customerName: 'Dana Lee',
      email: 'dana.lee@example.com',
      status: 'requested',
      labelMissing: false,
    });
    expect(listed.counts.requested).toBeGreaterThanOrEqual(1);
  });

  it('refuses what cannot be returned, with a message, and writes nothing', async () => {
    const paid = await paidOrder(t.app);
    const notShipped = await askReturn(t.app, paid.token, { items: [{ productId: 5, quantity: 1 }], reason: 'Changed my mind' });
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json().message).toBe('Returns open once your order has shipped.');

    const late = await delivered(31);
    const closed = await askReturn(t.app, late.token, { items: [{ productId: 5, quantity: 1 }], reason: 'Late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/^The 30-day return window closed on \d{4}-\d{2}-\d{2}\.$/);
    expect((await orderPage(t.app, late.token)).json().returnable).toMatchObject({ open: false, lines: [] });

    const { order, token } = await delivered();
    const tooMany = await askReturn(t.app, token, { items: [{ productId: 5, quantity: 3 }], reason: 'All of them' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 2 of Single Bottle can still be returned (2 bought)');
    const notBought = await askReturn(t.app, token, { items: [{ productId: 7, quantity: 1 }], reason: 'Not mine' });
    expect(notBought.statusCode).toBe(400);
    expect(notBought.json().message).toBe('This order has no product 7');

    // Refunded lines are not the shopper's to return.
    await admin.call('POST', `/api/orders/${order.id}/refunds`, { items: [{ productId: 5, quantity: 2 }] });
    const refunded = await askReturn(t.app, token, { items: [{ productId: 5, quantity: 1 }], reason: 'Again' });
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe('Single Bottle is already returned or refunded');
    expect(await returnsOf(order.id)).toBe(0);
    expect(await returnsOf(paid.order.id)).toBe(0);
    expect(await returnsOf(late.order.id)).toBe(0);
  });

  it('takes bad input with a 400 that says what is wrong', async () => {
    const { order, token } = await delivered();
    const cases: [unknown, RegExp][] = [
      [{}, /Required|items/],
      [{ items: [], reason: 'x' }, /Choose at least one item/],
      [{ items: [{ productId: 5, quantity: 0 }], reason: 'x' }, /at least 1/],
      [{ items: [{ productId: 5, quantity: 1.5 }], reason: 'x' }, /whole number/],
      [{ items: [{ productId: '5', quantity: 1 }], reason: 'x' }, /whole number/],
      [
        {
          items: [
            { productId: 5, quantity: 1 },
            { productId: 5, quantity: 1 },
          ],
          reason: 'x',
        },
        /once/,
      ],
      [{ items: [{ productId: 5, quantity: 1 }] }, /Required/],
      [{ items: [{ productId: 5, quantity: 1 }], reason: '   ' }, /why/],
      [{ items: [{ productId: 5, quantity: 1 }], reason: 'x'.repeat(501) }, /at most 500/],
      [{ items: [{ productId: 5, quantity: 1 }], reason: 'bad\u0007bell' }, /control characters/],
      [{ items: [{ productId: 5, quantity: 1, restock: true }], reason: 'x' }, /./],
      [{ items: [{ productId: 5, quantity: 1 }], reason: 'x', orderId: 1 }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await askReturn(t.app, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toMatch(message);
    }
    const [payload] = token.split('.');
    const forged = await askReturn(t.app, `${payload}.${'Z'.repeat(43)}`, {
      items: [{ productId: 5, quantity: 1 }],
      reason: 'x',
    });
    expect(forged.statusCode).toBe(404);
    expect(await returnsOf(order.id)).toBe(0);
  });

  it('never lets two requests at once send the same unit back twice', async () => {
    const { order, token } = await paidOrder(t.app, [[5, 1]]);
    await deliveredDaysAgo(t.app, order.id, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        askReturn(t.app, token, { items: [{ productId: 5, quantity: 1 }], reason: 'Twice' }, newAddress()),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await returnsOf(order.id)).toBe(1);
  });
});

describe('the owner decides', () => {
  it('approves: the return slip is on the shopper’s page and the shopper is told how to send it', async () => {
    const { order, token } = await delivered();
    const ret = (await askReturn(t.app, token, { items: [{ productId: 5, quantity: 2 }], reason: 'Too much' })).json()
      .returns[0] as { id: number; rma: string };
    const approved = await admin.call('POST', `/api/admin/returns/${ret.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: ADMIN.username, labelMissing: false });
    // Approving again changes nothing and buys nothing.
    expect((await admin.call('POST', `/api/admin/returns/${ret.id}/approve`)).statusCode).toBe(200);
    expect(await count(t.app, 'shipments', `return_id = ${ret.id}`)).toBe(1);

    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    const label = view.returns[0]?.label;
    expect(label).toMatchObject({
      prepaid: false,
      carrier: null,
      cost: null,
      url: `/api/order-status/${token}/returns/${ret.id}/label`,
    });
    const pdf = await t.app.inject({ method: 'GET', url: label?.url ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      ret.rma,
      'IRONWAKE SALTS',
      '1200 INDUSTRIAL PARKWAY',
      'COLUMBUS, OH 43215',
      '2 x Single Bottle',
      'Dana Lee',
    ]) {
      expect(text).toContain(part);
    }
    expect((await admin.call('GET', `/api/admin/returns/${ret.id}/label`)).headers['content-type']).toBe('application/pdf');

    // Another order's link cannot fetch this label.
    const other = await delivered();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order-status/${other.token}/returns/${ret.id}/label` })).statusCode,
    ).toBe(404);

    expect(
      await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject === `Your return ${ret.rma} is approved`)),
    ).toBe(true);
    const mail = mailsAbout(t.app, order.id).find((m) => m.subject === `Your return ${ret.rma} is approved`);
    expect(mail?.text).toContain('Print the return slip from your order page');
    expect(view.history[0]?.text).toBe(`Your return ${ret.rma}: return slip ready on this page`);

    const refuse = await admin.call('POST', `/api/admin/returns/${ret.id}/refuse`, { reason: 'Too late' });
    expect(refuse.statusCode).toBe(409);
  });

  it('refuses with a reason the shopper reads; the lines can be asked for again', async () => {
    const { order, token } = await delivered();
    const ret = (await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'Opened it' })).json()
      .returns[0] as { id: number; rma: string };
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: true }]) {
      expect((await admin.call('POST', `/api/admin/returns/${ret.id}/refuse`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const refused = await admin.call('POST', `/api/admin/returns/${ret.id}/refuse`, {
      reason: 'Opened bottles cannot be resold.',
    });
    expect(refused.statusCode).toBe(200);
    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(view.returns[0]).toMatchObject({ status: 'refused', refusal: 'Opened bottles cannot be resold.' });
    expect(view.returnable.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [5, 2],
      [6, 1],
    ]);
    expect(
      await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject === `About your return request ${ret.rma}`)),
    ).toBe(true);
    const mail = mailsAbout(t.app, order.id).find((m) => m.subject === `About your return request ${ret.rma}`);
    expect(mail?.text).toContain('Opened bottles cannot be resold.');
    expect((await admin.call('POST', `/api/admin/returns/${ret.id}/approve`)).statusCode).toBe(409);
    expect((await admin.call('POST', `/api/admin/returns/${ret.id}/receive`, { restock: true })).statusCode).toBe(409);
  });

  it('receives the parcel: the lines and the postage refunded once, the stock back, the shopper told', async () => {
    const { order, token } = await delivered();
    const ret = (await askReturn(t.app, token, { items: [{ productId: 5, quantity: 2 }], reason: 'Too much' })).json()
      .returns[0] as { id: number; rma: string };
    expect((await admin.call('POST', `/api/admin/returns/${ret.id}/receive`, { restock: true })).statusCode).toBe(409);
    await admin.call('POST', `/api/admin/returns/${ret.id}/approve`);
    for (const body of [
      {},
      { restock: 'yes' },
      { restock: true, postage: '-1' },
      { restock: true, postage: '101.00' },
      { restock: true, postage: 4.5 },
    ]) {
      expect((await admin.call('POST', `/api/admin/returns/${ret.id}/receive`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const before = await inventoryOf(t.app, 5);
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.call('POST', `/api/admin/returns/${ret.id}/receive`, { restock: true, postage: '4.50' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]?.json()).toMatchObject({ status: 'received', restocked: true, refunded: '42.48' });
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(1);
    expect(await inventoryOf(t.app, 5)).toBe(before + 2);
    const now = await t.app.services.orders.adminOrder(order.id);
    expect(now.refundedTotal).toBe('42.48');
    expect(now.status).toBe('delivered');

    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(view.returns[0]).toMatchObject({ status: 'received', statusLabel: 'Received and refunded' });
    expect(view.refunded).toBe('42.48');
    expect(view.history.slice(0, 2).map((h) => h.text)).toEqual([
      `Your return ${ret.rma} arrived`,
      'Refund of $42.48 issued to your card for 2 × Single Bottle',
    ]);
    expect(
      await eventually(async () => mailsAbout(t.app, order.id).some((m) => m.subject === `Your return ${ret.rma} is refunded`)),
    ).toBe(true);
    const refundMails = t.app.mailer.sent.filter((m) => m.subject === `Your return ${ret.rma} is refunded`);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain(
      `Your return ${ret.rma} of order #${order.id} arrived and we refunded $42.48 to your card.`,
    );
  });

  it('receives without restocking when the owner says so', async () => {
    const { token } = await delivered();
    const ret = (await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'Damaged' })).json()
      .returns[0] as { id: number };
    await admin.call('POST', `/api/admin/returns/${ret.id}/approve`);
    const before = await inventoryOf(t.app, 6);
    const res = await admin.call('POST', `/api/admin/returns/${ret.id}/receive`, { restock: false });
    expect(res.json()).toMatchObject({ status: 'received', restocked: false, refunded: '44.99' });
    expect(await inventoryOf(t.app, 6)).toBe(before);
  });

  it('is the owner’s alone: 401 without a session, 403 from another origin, 404 for no such return, 400 for a bad id', async () => {
    const { token } = await delivered();
    const ret = (await askReturn(t.app, token, { items: [{ productId: 6, quantity: 1 }], reason: 'x' })).json().returns[0] as {
      id: number;
    };
    for (const [method, url] of [
      ['GET', '/api/admin/returns'],
      ['POST', `/api/admin/returns/${ret.id}/approve`],
      ['POST', `/api/admin/returns/${ret.id}/refuse`],
      ['POST', `/api/admin/returns/${ret.id}/receive`],
      ['GET', `/api/admin/returns/${ret.id}/label`],
    ] as const) {
      const anonymous = await t.app.inject({
        method,
        url,
        headers: { origin: ORIGIN },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const foreign = await admin.call('POST', `/api/admin/returns/${ret.id}/approve`, undefined, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await admin.call('POST', '/api/admin/returns/999999/approve')).statusCode).toBe(404);
    expect((await admin.call('POST', '/api/admin/returns/abc/approve')).statusCode).toBe(400);
    expect((await admin.call('GET', '/api/admin/returns?status=lost')).statusCode).toBe(400);
    expect((await admin.call('GET', '/api/admin/returns?limit=0')).statusCode).toBe(400);
    expect((await admin.call('GET', `/api/admin/returns/${ret.id}/label`)).statusCode).toBe(404);
    const still = (await adminReturns()).returns.find((r) => r.id === ret.id);
    expect(still?.status).toBe('requested');
  });

  it('pages the list newest first, with the next page in Link', async () => {
    for (let i = 0; i < 3; i++) {
      const { token } = await delivered();
      await askReturn(t.app, token, { items: [{ productId: 5, quantity: 1 }], reason: `Page ${i}` });
    }
    const first = await admin.call('GET', '/api/admin/returns?limit=2');
    const page = first.json() as { returns: AdminReturn[] };
    expect(page.returns).toHaveLength(2);
    expect(page.returns[0]!.id).toBeGreaterThan(page.returns[1]!.id);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    expect(next).toMatch(/^\/api\/admin\/returns\?limit=2&cursor=\d+$/);
    const second = (await admin.call('GET', next)).json() as { returns: AdminReturn[] };
    expect(second.returns[0]!.id).toBeLessThan(page.returns[1]!.id);
  });
});

describe('receiving when the money does not move at once', () => {
  /** A delivered order's return of its two bottles (37.98), approved. */
  async function approvedReturn() {
    const { order, token } = await delivered();
    const ret = (await askReturn(t.app, token, { items: [{ productId: 5, quantity: 2 }], reason: 'Too much' })).json()
      .returns[0] as { id: number; rma: string };
    expect((await admin.call('POST', `/api/admin/returns/${ret.id}/approve`)).statusCode).toBe(200);
    return { order, token, ret };
  }
  const receive = (id: number, body: object) => admin.call('POST', `/api/admin/returns/${id}/receive`, body);
  const returnOf = async (id: number) => (await adminReturns()).returns.find((r) => r.id === id);
  /** The test payment provider refuses every refund of a payment that has nothing left on it. */
  const setLeftOnPayment = (paymentId: string | null, left: 'nothing' | 'all') =>
    t.app.database.db.execute(
      sql`update payments set refunded_cents = ${left === 'nothing' ? sql`amount_cents` : sql`0`}
          where provider_payment_id = ${paymentId ?? ''}`,
    );

  it('keeps the return approved while the provider refuses its refund, however often it is received, and refunds it on a later try', async () => {
    const { order, ret } = await approvedReturn();
    const stock = await inventoryOf(t.app, 5);
    await setLeftOnPayment(order.stripePaymentIntentId, 'nothing');
    const first = await receive(ret.id, { restock: true });
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().message).toMatch(/^The payment provider refused the refund: /);
    // Received again: a new try, refused the same way; never "received and refunded" with no money moved.
    const again = await receive(ret.id, { restock: true });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(first.json().message);
    expect(await returnOf(ret.id)).toMatchObject({ status: 'approved', receivedAt: null, refunded: null });
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id} and status <> 'failed'`)).toBe(0);
    expect((await t.app.services.orders.adminOrder(order.id)).refundedTotal).toBe('0.00');
    expect(await inventoryOf(t.app, 5)).toBe(stock);

    // Once the provider takes it, receiving refunds it: a new refund, after the failed one.
    await setLeftOnPayment(order.stripePaymentIntentId, 'all');
    const later = await receive(ret.id, { restock: true });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ status: 'received', refunded: '37.98' });
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id} and status = 'succeeded'`)).toBe(1);
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id} and status = 'failed'`)).toBe(2);
    expect((await t.app.services.orders.adminOrder(order.id)).refundedTotal).toBe('37.98');
    expect(await inventoryOf(t.app, 5)).toBe(stock + 2);
    // And once received, receiving again changes nothing.
    expect((await receive(ret.id, { restock: true })).json()).toMatchObject({ status: 'received', refunded: '37.98' });
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(3);
  });

  it('receives a return whose refund the provider has not answered yet: 200, the refund shown pending, settled by the retry', async () => {
    const { order, ret } = await approvedReturn();
    const payments = t.app.services.payments;
    const refund = payments.refund;
    payments.refund = () => Promise.reject(new Error('socket hang up'));
    let res: Awaited<ReturnType<typeof receive>>;
    try {
      res = await receive(ret.id, { restock: false });
    } finally {
      payments.refund = refund;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', refunded: null });
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id} and status = 'pending'`)).toBe(1);

    // The sweep asks the provider again a minute later: the refund goes through, once.
    await t.app.database.db.execute(
      sql`update order_refunds set created_at = now() - interval '2 minutes' where order_id = ${order.id}`,
    );
    await t.app.services.checkout.retryPendingRefunds();
    expect(await returnOf(ret.id)).toMatchObject({ status: 'received', refunded: '37.98' });
    expect((await receive(ret.id, { restock: false })).statusCode).toBe(200);
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(1);
  });

  it('is refunded by its own refund, whatever key a client sent to the refunds endpoint', async () => {
    const { order, ret } = await approvedReturn();
    const client = await admin.call(
      'POST',
      `/api/orders/${order.id}/refunds`,
      { amount: '1.00', reason: 'Goodwill' },
      { 'idempotency-key': `return-${ret.id}` },
    );
    expect(client.statusCode, client.body).toBe(201);
    const res = await receive(ret.id, { restock: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', refunded: '37.98' });
    expect(await count(t.app, 'order_refunds', `order_id = ${order.id}`)).toBe(2);
    expect((await t.app.services.orders.adminOrder(order.id)).refundedTotal).toBe('38.98');
  });
});

describe('reading returns', () => {
  /** How many SQL statements `fn` runs (through the app's database handle). */
  async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
    const session = (t.app.database.db as unknown as { session: { logger: { logQuery(): void } } }).session;
    const logger = session.logger;
    let n = 0;
    session.logger = {
      logQuery: () => {
        n += 1;
      },
    };
    try {
      await fn();
    } finally {
      session.logger = logger;
    }
    return n;
  }
  /** Waits for the request e-mails of an order's returns, so no e-mail delivery runs while statements are counted. */
  const settled = async (orderId: number, returns: number) => {
    await eventually(
      async () =>
        mailsAbout(t.app, orderId).filter((m) => m.subject.startsWith('We received your return request')).length === returns,
    );
    await new Promise((r) => setTimeout(r, 100));
  };

  it('reads a page of returns, and an order page with its returns, in the same few statements however many there are', async () => {
    const { order, token } = await paidOrder(t.app, [
      [5, 4],
      [6, 2],
    ]);
    await deliveredDaysAgo(t.app, order.id, 1);
    await askReturn(t.app, token, { items: [{ productId: 5, quantity: 1 }], reason: 'One' });
    await settled(order.id, 1);
    const page = () => admin.call('GET', '/api/admin/returns?limit=1');
    const onePage = await statementsOf(page);
    const oneOrder = await statementsOf(() => orderPage(t.app, token));

    for (const [productId, reason] of [
      [5, 'Two'],
      [5, 'Three'],
      [6, 'Four'],
    ] as const) {
      expect((await askReturn(t.app, token, { items: [{ productId, quantity: 1 }], reason })).statusCode).toBe(201);
    }
    await settled(order.id, 4);
    const all = await admin.call('GET', '/api/admin/returns?limit=4');
    expect((all.json() as { returns: AdminReturn[] }).returns.map((r) => r.reason)).toEqual(['Four', 'Three', 'Two', 'One']);
    expect(await statementsOf(() => admin.call('GET', '/api/admin/returns?limit=4'))).toBe(onePage);
    const view = (await orderPage(t.app, token)).json() as OrderStatusView;
    expect(view.returns).toHaveLength(4);
    expect(await statementsOf(() => orderPage(t.app, token))).toBe(oneOrder);
  });
});
