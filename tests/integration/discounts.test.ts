import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDiscount } from '#shared/discounts.ts';
import { DISCOUNT_MESSAGES } from '#shared/discounts.ts';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import type { CheckoutOrder } from '#shared/checkout.ts';
import type { DiscountBody } from '#shared/discounts-schemas.ts';
import { ORIGIN, ownerStore, type signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { parseCsv } from '../support/csv.ts';
import { eventually } from '../support/eventually.ts';
import { count, newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { discountTerms } from '../support/discounts.ts';

/**
 * Discount codes (issue "Grow the store", item 1; docs/decisions/0040): the owner's codes, a
 * shopper's code on the checkout, its price on the payment, its uses under a limit and once per
 * e-mail address, given back when a checkout ends unpaid. On PGlite and on PostgreSQL (the race for
 * the last uses among them).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({ RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: '1000' }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.database.db.execute(sql`delete from discount_redemptions`);
  await t.app.database.db.execute(sql`delete from discount_codes`);
  await setInventory(t.app, 5, 300);
  await setInventory(t.app, 6, 300);
});

type Terms = DiscountBody;
const terms = discountTerms;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function createCode(over: Partial<Terms> = {}): Promise<AdminDiscount> {
  const res = await admin.call('POST', '/api/admin/discounts', terms(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const codes = async () => (await admin.call('GET', '/api/admin/discounts')).json() as AdminDiscount[];
const codeNamed = async (code: string) => (await codes()).find((c) => c.code === code);

/** An open checkout of these lines (default: 2 bottles and a 3-pack, 82.97 + 3.91), from its own network. */
async function checkout(
  lines: [number, number][] = [
    [5, 2],
    [6, 1],
  ],
) {
  const s = shopper(t.app, undefined, newAddress());
  for (const [id, q] of lines) expect((await s.add(id, q)).statusCode).toBe(201);
  const res = await s.checkout();
  expect(res.statusCode, res.body).toBe(201);
  return { s, ...secretOf(res.json().checkoutUrl) };
}
/** What the payment asks for now (the test provider's record). */
async function paymentAmount(paymentIntentId: string): Promise<number> {
  const { rows } = (await t.app.database.db.execute(
    sql`select amount_cents as "cents" from payments where provider_payment_id = ${paymentIntentId}`,
  )) as unknown as { rows: { cents: number }[] };
  return Number(rows[0]?.cents);
}
const orderOf = async (paymentIntentId: string) => {
  const o = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!o) throw new Error('no order');
  return o;
};

describe('the owner’s codes', () => {
  it('are created, listed with their state and uses, changed and deleted', async () => {
    const made = await createCode({ code: 'spring-15', value: '15', usageLimit: 100, minSubtotal: '40.00' });
    expect(made).toMatchObject({
      code: 'SPRING-15',
      kind: 'percent',
      value: '15',
      minSubtotal: '40.00',
      usageLimit: 100,
      used: 0,
      redeemed: 0,
      savedTotal: '0.00',
      state: 'live',
      updatedBy: 'owner',
    });
    await createCode({ code: 'LATER', startsOn: day(3) });
    await createCode({ code: 'GONE', startsOn: day(-10), endsOn: day(-2) });
    await createCode({ code: 'OFF', active: false });
    await createCode({ code: 'FIVE', kind: 'fixed', value: '5', productIds: [6] });
    expect((await codes()).map((c) => [c.code, c.state, c.value])).toEqual([
      ['FIVE', 'live', '5.00'],
      ['GONE', 'expired', '10'],
      ['LATER', 'scheduled', '10'],
      ['OFF', 'inactive', '10'],
      ['SPRING-15', 'live', '15'],
    ]);

    const changed = await admin.call('PUT', `/api/admin/discounts/${made.id}`, terms({ code: 'SPRING-20', value: '20' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'SPRING-20', value: '20', usageLimit: null, minSubtotal: null });

    expect((await admin.call('DELETE', `/api/admin/discounts/${made.id}`)).statusCode).toBe(204);
    expect(await codeNamed('SPRING-20')).toBeUndefined();
    expect((await admin.call('DELETE', `/api/admin/discounts/${made.id}`)).statusCode).toBe(404);
    expect((await admin.call('PUT', `/api/admin/discounts/${made.id}`, terms())).statusCode).toBe(404);
  });

  it('refuse a second code of the same name, whatever its case', async () => {
    await createCode({ code: 'WELCOME' });
    const again = await admin.call('POST', '/api/admin/discounts', terms({ code: 'welcome' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The code WELCOME exists already');
    const other = await createCode({ code: 'OTHER' });
    const renamed = await admin.call('PUT', `/api/admin/discounts/${other.id}`, terms({ code: 'Welcome' }));
    expect(renamed.statusCode).toBe(409);
    expect(await count(t.app, 'discount_codes')).toBe(2);
  });

  it.each([
    ['no code', { code: '' }, 'code'],
    ['a code with spaces', { code: 'TWO WORDS' }, 'A code is 3 to 32 letters'],
    ['a code of markup', { code: '<script>' }, 'A code is 3 to 32 letters'],
    ['a code too long', { code: 'X'.repeat(33) }, 'A code is 3 to 32 letters'],
    ['0 percent', { value: '0' }, 'A percentage is a whole number from 1 to 100'],
    ['101 percent', { value: '101' }, 'A percentage is a whole number from 1 to 100'],
    ['a fractional percent', { value: '12.5' }, 'A percentage is a whole number from 1 to 100'],
    ['a fixed amount of 0', { kind: 'fixed', value: '0.00' }, 'The amount off must be an amount such as 5.00'],
    ['a fixed amount in words', { kind: 'fixed', value: 'five' }, 'The amount off must be an amount such as 5.00'],
    ['another kind', { kind: 'bogo' }, 'The kind must be percent or fixed'],
    ['a negative minimum', { minSubtotal: '-5.00' }, 'The minimum subtotal must be an amount'],
    ['an impossible day', { startsOn: '2026-02-30' }, 'The start must be a real date'],
    ['an end before the start', { startsOn: day(5), endsOn: day(1) }, 'The end must not come before the start'],
    ['a start in year 0', { startsOn: '0000-01-01' }, 'The start must be a real date'],
    ['an end in year 9999', { endsOn: '9999-12-31' }, 'The end must be a real date'],
    ['a usage limit of 0', { usageLimit: 0 }, 'The usage limit must be at least 1'],
    ['a fractional usage limit', { usageLimit: 1.5 }, 'The usage limit must be a whole number'],
    ['an empty product list', { productIds: [] }, 'Choose at least one product, or all of them'],
    ['a product that does not exist', { productIds: [5, 987654] }, 'There is no product 987654'],
    ['a field the store does not know', { free: true }, 'free'],
  ])('refuse %s with a 400 that says so, and write nothing', async (_name, over, message) => {
    const res = await admin.call('POST', '/api/admin/discounts', { ...terms(), ...over });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await count(t.app, 'discount_codes')).toBe(0);
  });

  it('refuse a body that is not a code at all', async () => {
    for (const body of ['SALTY10', [terms()], null]) {
      const res = await admin.call('POST', '/api/admin/discounts', body, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await admin.call('PUT', '/api/admin/discounts/abc', terms())).statusCode).toBe(400);
    expect((await admin.call('DELETE', '/api/admin/discounts/-1')).statusCode).toBe(400);
    expect(await count(t.app, 'discount_codes')).toBe(0);
  });

  it('are the owner’s alone: 401 without a session, 403 from another origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/discounts' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers: { origin: ORIGIN },
      payload: terms(),
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await admin.call('POST', '/api/admin/discounts', terms(), { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(await count(t.app, 'discount_codes')).toBe(0);
  });

  it('refuse a usage limit below the uses already taken', async () => {
    const made = await createCode({ code: 'TWO', usageLimit: 5 });
    for (let i = 0; i < 2; i += 1) {
      const { s, paymentIntentId } = await checkout();
      expect((await s.code(paymentIntentId, 'TWO')).statusCode).toBe(200);
    }
    const lower = await admin.call('PUT', `/api/admin/discounts/${made.id}`, terms({ code: 'TWO', usageLimit: 1 }));
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(
      'This code is used 2 times already (by paid orders and open checkouts): the limit cannot be lower',
    );
    expect((await codeNamed('TWO'))?.usageLimit).toBe(5);
    const same = await admin.call('PUT', `/api/admin/discounts/${made.id}`, terms({ code: 'TWO', usageLimit: 2 }));
    expect(same.statusCode).toBe(200);
  });
});

describe('a code on the checkout', () => {
  it('takes its share off the subtotal, and the payment asks for the new total, which the order is paid at', async () => {
    await createCode({ code: 'SALTY10' });
    const { s, secret, paymentIntentId } = await checkout();
    expect(await paymentAmount(paymentIntentId)).toBe(8688);

    const res = await s.code(paymentIntentId, ' salty10 ');
    expect(res.statusCode, res.body).toBe(200);
    // 10% of 82.97 is 8.297: 8.30 off.
    expect(res.json()).toMatchObject({
      subtotal: '82.97',
      discount: { code: 'SALTY10', amount: '8.30' },
      shipping: '3.91',
      total: '78.58',
    });
    expect(await paymentAmount(paymentIntentId)).toBe(7858);
    // The page, loaded again, shows the same.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/${paymentIntentId}`,
      headers: { 'x-session-id': s.sessionId },
    });
    expect((page.json() as CheckoutOrder).discount).toEqual({ code: 'SALTY10', amount: '8.30' });

    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect((await s.pay(secret)).json().status).toBe('succeeded');
    const paid = await orderOf(paymentIntentId);
    expect(paid).toMatchObject({
      status: 'paid',
      paymentIssue: null,
      discountCode: 'SALTY10',
      discountCents: 830,
      totalCents: 7858,
    });
    expect(await codeNamed('SALTY10')).toMatchObject({ used: 1, redeemed: 1, savedTotal: '8.30' });

    const view = await t.app.services.orders.adminOrder(paid.id);
    expect(view).toMatchObject({ discount: { code: 'SALTY10', amount: '8.30' }, total: '78.58', paymentMethodKind: 'card' });
    const timeline = (await admin.call('GET', `/api/orders/${paid.id}/timeline`)).json() as { type: string; message: string }[];
    expect(timeline.find((e) => e.type === 'discount_applied')?.message).toBe('Code SALTY10 applied: $8.30 off; total $78.58');

    // The confirmation e-mail says what the code took off.
    const confirmed = () => t.app.mailer.sent.find((m) => m.subject === `Your Ironwake order #${paid.id} is confirmed`);
    expect(await eventually(async () => Boolean(confirmed()))).toBe(true);
    expect(confirmed()?.text).toMatch(/Discount \(SALTY10\)\s+−\$8\.30/);
    expect(confirmed()?.text).toMatch(/Total\s+\$78\.58/);

    // So does the shopper's order page.
    const token = t.app.services.orderStatus.link(paid.id).split('/orders/')[1];
    const page2 = await t.app.inject({ url: `/api/order-status/${token}` });
    expect(page2.json()).toMatchObject({ discount: { code: 'SALTY10', amount: '8.30' }, total: '78.58' });

    // The owner's export has the code and what it took off.
    const csv = parseCsv((await admin.call('GET', '/api/orders/export.csv')).body);
    const header = csv[0] ?? [];
    const line = csv.find((l) => l.includes(paymentIntentId)) ?? [];
    const cell = (name: string) => line[header.indexOf(name)];
    expect([cell('Subtotal'), cell('Discount code'), cell('Discount'), cell('Shipping'), cell('Total')]).toEqual([
      '82.97',
      'SALTY10',
      '8.30',
      '3.91',
      '78.58',
    ]);

    // Paid: its code can no longer change.
    expect((await s.dropCode(paymentIntentId)).statusCode).toBe(409);
    expect((await s.code(paymentIntentId, 'SALTY10')).statusCode).toBe(409);
  });

  it('of a fixed amount takes it off only the products it is for, never more than they cost', async () => {
    await createCode({ code: 'PACK20', kind: 'fixed', value: '20.00', productIds: [6] });
    await createCode({ code: 'BIG', kind: 'fixed', value: '500.00', productIds: [6] });
    const { s, paymentIntentId } = await checkout();
    expect((await s.code(paymentIntentId, 'PACK20')).json()).toMatchObject({ discount: { amount: '20.00' }, total: '66.88' });
    // In place of the first: the 3-pack's 44.99 at most.
    expect((await s.code(paymentIntentId, 'BIG')).json()).toMatchObject({
      discount: { code: 'BIG', amount: '44.99' },
      total: '41.89',
    });
    expect(await codeNamed('PACK20')).toMatchObject({ used: 0 });
    expect(await codeNamed('BIG')).toMatchObject({ used: 1 });
  });

  it('counts toward free shipping only what is left after it', async () => {
    const settings = (await admin.call('GET', '/api/admin/settings')).json();
    const put = (freeShippingOver: string | null) =>
      admin.call('PUT', '/api/admin/settings', {
        shippingRate: settings.shippingRate,
        freeShippingOver,
        supportEmail: settings.supportEmail,
        supportPhone: settings.supportPhone,
        ownerEmail: settings.ownerEmail,
        reminderDelayHours: settings.reminderDelayHours,
      });
    expect((await put('50.00')).statusCode).toBe(200);
    try {
      await createCode({ code: 'TEN', value: '10' });
      await createCode({ code: 'TWENTY', value: '20' });
      const { s, paymentIntentId } = await checkout([[5, 3]]); // 56.97: ships free
      expect((await t.app.inject({ method: 'GET', url: `/api/checkout/${paymentIntentId}` })).json()).toMatchObject({
        shipping: '0.00',
        total: '56.97',
      });
      // 56.97 − 5.70 = 51.27: still free; 56.97 − 11.39 = 45.58: shipping is charged again.
      expect((await s.code(paymentIntentId, 'TEN')).json()).toMatchObject({ shipping: '0.00', total: '51.27' });
      expect((await s.code(paymentIntentId, 'TWENTY')).json()).toMatchObject({ shipping: '3.91', total: '49.49' });
      expect(await paymentAmount(paymentIntentId)).toBe(4949);
    } finally {
      await put(settings.freeShippingOver);
    }
  });

  it('tells the shopper why a code cannot be used, and changes nothing', async () => {
    await createCode({ code: 'LATER', startsOn: day(2) });
    await createCode({ code: 'GONE', startsOn: day(-9), endsOn: day(-1) });
    await createCode({ code: 'PAUSED', active: false });
    await createCode({ code: 'BIGSPEND', minSubtotal: '100.00' });
    await createCode({ code: 'PACKONLY', productIds: [6] });
    await createCode({ code: 'ONCE', usageLimit: 1 });
    const other = await checkout();
    expect((await other.s.code(other.paymentIntentId, 'ONCE')).statusCode).toBe(200);

    const { s, paymentIntentId } = await checkout([[5, 2]]);
    const cases: [string, string][] = [
      ['NOSUCH', DISCOUNT_MESSAGES.unknown],
      ['PAUSED', DISCOUNT_MESSAGES.unknown],
      ['LATER', DISCOUNT_MESSAGES.notYet],
      ['GONE', DISCOUNT_MESSAGES.expired],
      ['BIGSPEND', 'This code needs a subtotal of at least $100.00.'],
      ['PACKONLY', DISCOUNT_MESSAGES.noEligible],
      ['ONCE', DISCOUNT_MESSAGES.usedUp],
    ];
    for (const [code, message] of cases) {
      const res = await s.code(paymentIntentId, code);
      expect([code, res.statusCode, res.json().message]).toEqual([code, 409, message]);
    }
    expect(await orderOf(paymentIntentId)).toMatchObject({ discountCode: null, discountCents: 0, totalCents: 4189 });
    expect(await paymentAmount(paymentIntentId)).toBe(4189);
    expect(await count(t.app, 'discount_redemptions', `status = 'reserved'`)).toBe(1);
  });

  it('the last day of a code is a whole day; its first day starts at midnight (UTC)', async () => {
    await createCode({ code: 'TODAY', startsOn: day(0), endsOn: day(0) });
    const { s, paymentIntentId } = await checkout();
    expect((await s.code(paymentIntentId, 'TODAY')).statusCode).toBe(200);
  });

  it('taken off: the total and the payment come back, and the use is given back', async () => {
    await createCode({ code: 'LIMITED', usageLimit: 1 });
    const { s, paymentIntentId } = await checkout();
    expect((await s.code(paymentIntentId, 'LIMITED')).statusCode).toBe(200);
    expect(await codeNamed('LIMITED')).toMatchObject({ used: 1, state: 'used up' });

    const off = await s.dropCode(paymentIntentId);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ discount: null, total: '86.88' });
    expect(await paymentAmount(paymentIntentId)).toBe(8688);
    expect(await codeNamed('LIMITED')).toMatchObject({ used: 0, state: 'live' });
    // Taking off no code is harmless.
    expect((await s.dropCode(paymentIntentId)).json()).toMatchObject({ discount: null, total: '86.88' });

    const next = await checkout();
    expect((await next.s.code(next.paymentIntentId, 'LIMITED')).statusCode).toBe(200);
  });

  it('is given back when the checkout ends unpaid, or the owner cancels it', async () => {
    await createCode({ code: 'HELD', usageLimit: 2 });
    const ended = await checkout();
    const cancelled = await checkout();
    expect((await ended.s.code(ended.paymentIntentId, 'HELD')).statusCode).toBe(200);
    expect((await cancelled.s.code(cancelled.paymentIntentId, 'HELD')).statusCode).toBe(200);
    expect(await codeNamed('HELD')).toMatchObject({ used: 2, state: 'used up' });

    const endedOrder = await orderOf(ended.paymentIntentId);
    await t.app.database.db.execute(sql`update orders set expires_at = now() - interval '1 minute' where id = ${endedOrder.id}`);
    await t.app.services.checkout.sweepExpired();
    expect(await codeNamed('HELD')).toMatchObject({ used: 1 });

    const cancelledOrder = await orderOf(cancelled.paymentIntentId);
    const res = await admin.call('POST', `/api/orders/${cancelledOrder.id}/cancel`, {});
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await codeNamed('HELD')).toMatchObject({ used: 0, redeemed: 0 });
  });

  it('goes with the shopper to a new checkout of the same cart, its use moved, not doubled', async () => {
    await createCode({ code: 'CARRY', usageLimit: 1 });
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 2);
    const first = secretOf((await s.checkout()).json().checkoutUrl);
    expect((await s.code(first.paymentIntentId, 'CARRY')).statusCode).toBe(200);
    await s.add(6, 1);
    const again = await s.checkout();
    expect(again.statusCode).toBe(201);
    const second = secretOf(again.json().checkoutUrl);
    // 2 bottles and a pack: 82.97 − 8.30 + 3.91, asked of the new payment from its start.
    expect(await orderOf(second.paymentIntentId)).toMatchObject({ discountCode: 'CARRY', discountCents: 830, totalCents: 7858 });
    expect(await paymentAmount(second.paymentIntentId)).toBe(7858);
    expect(await codeNamed('CARRY')).toMatchObject({ used: 1 });
    expect(await count(t.app, 'discount_redemptions', `status = 'reserved'`)).toBe(1);
  });

  it('cannot be paid again on the old page once a new checkout took the code: that payment is cancelled', async () => {
    await createCode({ code: 'OLDPAGE', usageLimit: 1 });
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 2);
    const first = secretOf((await s.checkout()).json().checkoutUrl);
    expect((await s.code(first.paymentIntentId, 'OLDPAGE')).statusCode).toBe(200);
    const second = secretOf((await s.checkout()).json().checkoutUrl); // the use moves to the new checkout
    expect(await orderOf(first.paymentIntentId)).toMatchObject({ expiredAt: expect.any(Date) });
    expect((await s.ship(first.paymentIntentId)).statusCode).toBe(409);
    const paid = await s.pay(first.secret);
    expect(paid.json()).toMatchObject({ status: 'requires_payment_method', message: CHECKOUT_EXPIRED });
    expect(await orderOf(first.paymentIntentId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await codeNamed('OLDPAGE')).toMatchObject({ used: 1, redeemed: 0 });
    // The new checkout pays with the one use.
    await s.ship(second.paymentIntentId);
    expect((await s.pay(second.secret)).json().status).toBe('succeeded');
    expect(await codeNamed('OLDPAGE')).toMatchObject({ used: 1, redeemed: 1 });
  });

  it('paid without the use it held (taken by a newer checkout as the payment went through) is set aside for the owner, never counted past the limit', async () => {
    await createCode({ code: 'RACE', usageLimit: 1 });
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 2);
    const first = secretOf((await s.checkout()).json().checkoutUrl);
    expect((await s.code(first.paymentIntentId, 'RACE')).statusCode).toBe(200);
    await s.ship(first.paymentIntentId);
    // The provider takes the payment, but the store has not heard yet when the cart starts again.
    await t.app.database.db.execute(
      sql`update payments set status = 'succeeded' where provider_payment_id = ${first.paymentIntentId}`,
    );
    await s.checkout();
    const done = await s.complete(first.paymentIntentId);
    expect(done.statusCode).toBe(409);
    expect(await orderOf(first.paymentIntentId)).toMatchObject({
      status: 'pending',
      paymentIssue: 'Paid with code RACE, whose use this checkout no longer held',
    });
    expect(await codeNamed('RACE')).toMatchObject({ used: 1, redeemed: 0, usageLimit: 1 });
  });

  it('keeps the shipping offer its checkout started with when the owner changes it meanwhile', async () => {
    await createCode({ code: 'OFFER', value: '10' });
    const { s, paymentIntentId } = await checkout([[5, 2]]); // 37.98 + 3.91
    const settings = (await admin.call('GET', '/api/admin/settings')).json();
    const { updatedAt: _u, updatedBy: _b, ...values } = settings;
    expect((await admin.call('PUT', '/api/admin/settings', { ...values, shippingRate: '9.00' })).statusCode).toBe(200);
    try {
      // 37.98 − 3.80 + 3.91, not + 9.00.
      expect((await s.code(paymentIntentId, 'OFFER')).json()).toMatchObject({ shipping: '3.91', total: '38.09' });
      expect((await s.dropCode(paymentIntentId)).json()).toMatchObject({ shipping: '3.91', total: '41.89' });
    } finally {
      await admin.call('PUT', '/api/admin/settings', values);
    }
  });

  it('marked paid by the owner spends the use the checkout held', async () => {
    await createCode({ code: 'BYHAND' });
    const { s, paymentIntentId } = await checkout([[5, 1]]);
    await s.code(paymentIntentId, 'BYHAND');
    const order = await orderOf(paymentIntentId);
    expect((await admin.call('PUT', `/api/orders/${order.id}/status`, { status: 'paid' })).statusCode).toBe(200);
    expect(await codeNamed('BYHAND')).toMatchObject({ used: 1, redeemed: 1, savedTotal: '1.90' });
  });

  it('stays on the checkout as it was when the payment cannot take the new total', async () => {
    await createCode({ code: 'FIRST', value: '10' });
    await createCode({ code: 'SECOND', value: '20' });
    const { s, paymentIntentId } = await checkout();
    expect((await s.code(paymentIntentId, 'FIRST')).json()).toMatchObject({ total: '78.58' });
    // The payment is being processed: the provider refuses to change its amount.
    await t.app.database.db.execute(
      sql`update payments set status = 'processing' where provider_payment_id = ${paymentIntentId}`,
    );
    const refused = await s.code(paymentIntentId, 'SECOND');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe('Payments are unavailable right now. Please try again in a moment.');
    expect(await orderOf(paymentIntentId)).toMatchObject({ discountCode: 'FIRST', discountCents: 830, totalCents: 7858 });
    expect(await paymentAmount(paymentIntentId)).toBe(7858);
    expect(await codeNamed('FIRST')).toMatchObject({ used: 1 });
    expect(await codeNamed('SECOND')).toMatchObject({ used: 0 });
    expect((await s.dropCode(paymentIntentId)).statusCode).toBe(503);
    expect(await orderOf(paymentIntentId)).toMatchObject({ discountCode: 'FIRST', totalCents: 7858 });
  });
});

describe('once per e-mail address', () => {
  it('a code used by a paid order cannot be used again with its address, in whatever case', async () => {
    await createCode({ code: 'FIRSTBUY', oncePerEmail: true });
    const a = await checkout();
    expect((await a.s.ship(a.paymentIntentId, { email: 'repeat@example.com' })).statusCode).toBe(200);
    expect((await a.s.code(a.paymentIntentId, 'FIRSTBUY')).statusCode).toBe(200);
    expect((await a.s.pay(a.secret)).json().status).toBe('succeeded');

    // Address known first: refused on applying.
    const b = await checkout();
    expect((await b.s.ship(b.paymentIntentId, { email: 'Repeat@Example.com' })).statusCode).toBe(200);
    const refused = await b.s.code(b.paymentIntentId, 'FIRSTBUY');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DISCOUNT_MESSAGES.usedByEmail);

    // Code first: refused when the address is given, which is not saved.
    const c = await checkout();
    expect((await c.s.code(c.paymentIntentId, 'FIRSTBUY')).statusCode).toBe(200);
    const shipped = await c.s.ship(c.paymentIntentId, { email: 'REPEAT@example.com' });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(
      `${DISCOUNT_MESSAGES.usedByEmail} Remove the code FIRSTBUY, or use another e-mail address.`,
    );
    expect((await orderOf(c.paymentIntentId)).email).toBeNull();
    // Another address is fine.
    expect((await c.s.ship(c.paymentIntentId, { email: 'someone.else@example.com' })).statusCode).toBe(200);
    expect(await codeNamed('FIRSTBUY')).toMatchObject({ used: 2, redeemed: 1 });
  });

  it('two open checkouts of one address cannot both hold the code', async () => {
    await createCode({ code: 'ONEEACH', oncePerEmail: true });
    const a = await checkout();
    const b = await checkout();
    await a.s.ship(a.paymentIntentId, { email: 'twice@example.com' });
    await b.s.ship(b.paymentIntentId, { email: 'twice@example.com' });
    const results = await Promise.all([a.s.code(a.paymentIntentId, 'ONEEACH'), b.s.code(b.paymentIntentId, 'ONEEACH')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await codeNamed('ONEEACH')).toMatchObject({ used: 1 });
  });
});

describe('the usage limit', () => {
  it('holds when 50 checkouts race for the last 5 uses: exactly 5 get it', async () => {
    await createCode({ code: 'LAST5', usageLimit: 5 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => checkout([[5, 1]])));
    const results = await Promise.all(shoppers.map((x) => x.s.code(x.paymentIntentId, 'LAST5')));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([r.statusCode, r.json().message]).toEqual([409, DISCOUNT_MESSAGES.usedUp]);
    }
    expect(await codeNamed('LAST5')).toMatchObject({ used: 5, state: 'used up' });
    expect(await count(t.app, 'discount_redemptions', `status = 'reserved'`)).toBe(5);
    expect(await count(t.app, 'orders', `discount_code = 'LAST5'`)).toBe(5);
  });
});

describe('refunds of a discounted order', () => {
  it('give back what the lines were paid, their share of the discount off, and never more than the total', async () => {
    await createCode({ code: 'SALTY10' });
    const { s, secret, paymentIntentId } = await checkout();
    await s.code(paymentIntentId, 'SALTY10');
    await s.ship(paymentIntentId);
    await s.pay(secret);
    const order = await orderOf(paymentIntentId);
    // One bottle: 18.99 less its share of 8.30 (18.99 / 82.97 of it: 1.90) = 17.09.
    const one = await admin.call('POST', `/api/orders/${order.id}/refunds`, {
      items: [{ productId: 5, quantity: 1, restock: true }],
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().amount).toBe('17.09');
    const rest = await admin.call('POST', `/api/orders/${order.id}/refunds`, {
      items: [
        { productId: 5, quantity: 1, restock: true },
        { productId: 6, quantity: 1, restock: true },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    // 63.98 less 6.40: the lines' 74.67 paid in all; the shipping is what is left.
    expect(rest.json().amount).toBe('57.58');
    expect((await t.app.services.orders.adminOrder(order.id)).refundedTotal).toBe('74.67');
  });
});

describe('refunds of a code for some products', () => {
  it('give back a line the code did not apply to in full, and the line it did less all of its discount', async () => {
    await createCode({ code: 'PACK20', value: '20', productIds: [6] });
    const { s, secret, paymentIntentId } = await checkout(); // 2 bottles 37.98, a pack 44.99: 9.00 off the pack
    expect((await s.code(paymentIntentId, 'PACK20')).json()).toMatchObject({ discount: { amount: '9.00' } });
    await s.ship(paymentIntentId);
    await s.pay(secret);
    const order = await orderOf(paymentIntentId);
    const refund = (items: unknown) => admin.call('POST', `/api/orders/${order.id}/refunds`, { items });
    expect((await refund([{ productId: 5, quantity: 1, restock: true }])).json().amount).toBe('18.99');
    expect((await refund([{ productId: 6, quantity: 1, restock: true }])).json().amount).toBe('35.99');
  });
});

describe('bad input on the checkout', () => {
  it('refuses a missing, malformed or oversized code with a 400 and changes nothing', async () => {
    await createCode({ code: 'SALTY10' });
    const { s, paymentIntentId } = await checkout();
    for (const code of [
      undefined,
      '',
      'a',
      'X'.repeat(500),
      '<img src=x>',
      "' or 1=1 --",
      42,
      ['SALTY10'],
      { code: 'SALTY10' },
    ]) {
      const res = await s.code(paymentIntentId, code);
      expect([JSON.stringify(code), res.statusCode]).toEqual([JSON.stringify(code), 400]);
      expect(res.json()).toHaveProperty('message');
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/${paymentIntentId}/discount`,
      payload: { code: 'SALTY10', amount: '99.00' },
    });
    expect(extra.statusCode).toBe(400);
    expect(await orderOf(paymentIntentId)).toMatchObject({ discountCode: null, totalCents: 8688 });
    expect(await count(t.app, 'discount_redemptions')).toBe(0);
  });

  it('answers 404 for a checkout that is not there or not the session’s own', async () => {
    await createCode({ code: 'SALTY10' });
    const { paymentIntentId } = await checkout();
    const stranger = shopper(t.app);
    expect((await stranger.code(paymentIntentId, 'SALTY10')).statusCode).toBe(404);
    expect((await stranger.dropCode(paymentIntentId)).statusCode).toBe(404);
    expect((await stranger.code('pi_doesnotexist00000000000', 'SALTY10')).statusCode).toBe(404);
    expect((await stranger.code('not-a-payment', 'SALTY10')).statusCode).toBe(400);
    expect(await count(t.app, 'discount_redemptions')).toBe(0);
  });

  it('refuses a code that would bring the total below the least card payment', async () => {
    await createCode({ code: 'ALLFREE', value: '100' });
    const settings = (await admin.call('GET', '/api/admin/settings')).json();
    const { updatedAt: _u, updatedBy: _b, ...values } = settings;
    expect((await admin.call('PUT', '/api/admin/settings', { ...values, shippingRate: '0.00' })).statusCode).toBe(200);
    try {
      const { s, paymentIntentId } = await checkout([[5, 1]]);
      const res = await s.code(paymentIntentId, 'ALLFREE');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('With this code the total would be below $0.50, the least a card payment can be.');
      expect(await codeNamed('ALLFREE')).toMatchObject({ used: 0 });
    } finally {
      await admin.call('PUT', '/api/admin/settings', values);
    }
  });
});

describe('guessing codes', () => {
  it('is limited per network: past the hour’s tries, a 429', async () => {
    const { t: limited, admin: owner } = await ownerStore({ RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: '3' });
    try {
      const s = shopper(limited.app, undefined, '203.0.113.9');
      await s.add(5, 1);
      const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
      for (const guess of ['AAA', 'BBB', 'CCC']) expect((await s.code(paymentIntentId, guess)).statusCode).toBe(409);
      const blocked = await s.code(paymentIntentId, 'DDD');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many discount codes tried\./);
      // Nor can the shipping step of a checkout with a code be used to ask which addresses used it:
      // each save counts as a try.
      const prober = shopper(limited.app, undefined, '203.0.113.77');
      await prober.add(5, 1);
      const probe = secretOf((await prober.checkout()).json().checkoutUrl).paymentIntentId;
      await owner.call('POST', '/api/admin/discounts', discountTerms({ code: 'ONCE', oncePerEmail: true }));
      expect((await prober.code(probe, 'ONCE')).statusCode).toBe(200); // 1
      for (const email of ['a@example.com', 'b@example.com']) {
        expect((await prober.ship(probe, { email })).statusCode).toBe(200); // 2, 3
      }
      const probed = await prober.ship(probe, { email: 'c@example.com' });
      expect(probed.statusCode).toBe(429);
      expect((await limited.app.services.orders.byPaymentId(probe))?.email).toBe('b@example.com');

      // Another network is not held back.
      const other = shopper(limited.app, undefined, '198.51.100.7');
      await other.add(5, 1);
      const next = secretOf((await other.checkout()).json().checkoutUrl);
      expect((await other.code(next.paymentIntentId, 'AAA')).statusCode).toBe(409);
    } finally {
      await limited.close();
    }
  });
});
