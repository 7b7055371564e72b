import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDiscount } from '#shared/discounts.ts';
import { DISCOUNT_MESSAGES } from '#shared/discounts.ts';
import type { DiscountBody } from '#shared/discounts-schemas.ts';
import { ownerStore, type signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { count, newAddress, SHIPPING_DETAILS, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { discountTerms } from '../support/discounts.ts';

/**
 * What a stranger with a script tried on the checkout (issue "Money that cannot leak", items 1, 4,
 * 5 and 6), each as the shopper's API calls: a one-use code paid again and again from replaced
 * checkouts, an order paid before its shipping step, a code's uses held by checkouts nobody pays,
 * and "once per e-mail address" passed with another spelling of one mailbox.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const TRIES_PER_HOUR = 40;
beforeAll(async () => {
  ({ t, admin } = await ownerStore({ RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: String(TRIES_PER_HOUR) }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.database.db.execute(sql`delete from discount_redemptions`);
  await t.app.database.db.execute(sql`delete from discount_codes`);
  await t.app.database.db.execute(sql`delete from rate_limit_buckets`);
  await setInventory(t.app, 5, 300);
  await setInventory(t.app, 6, 300);
});

async function createCode(over: Partial<DiscountBody> = {}): Promise<AdminDiscount> {
  const res = await admin.call('POST', '/api/admin/discounts', discountTerms(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const codeNamed = async (code: string) =>
  ((await admin.call('GET', '/api/admin/discounts')).json() as AdminDiscount[]).find((c) => c.code === code);
const orderOf = async (paymentIntentId: string) => {
  const o = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!o) throw new Error('no order');
  return o;
};
/** Paid orders (any status a payment leaves) with this code. */
const paidWith = (code: string) =>
  count(t.app, 'orders', `discount_code = '${code}' and paid_at is not null and payment_issue is null`);

/** A shopper with a cart of one single bottle, from a network of their own. */
async function cartShopper() {
  const s = shopper(t.app, undefined, newAddress());
  expect((await s.add(5, 1)).statusCode).toBe(201);
  return s;
}
async function started(s: ReturnType<typeof shopper>) {
  const res = await s.checkout();
  expect(res.statusCode, res.body).toBe(201);
  return secretOf(res.json().checkoutUrl);
}

describe('a one-use code from replaced checkouts (item 1)', () => {
  it('is paid once: a checkout replaced by a newer one of the cart can no longer be paid at its discounted price', async () => {
    await createCode({ code: 'ONCE', usageLimit: 1, oncePerEmail: true, value: '50' });
    const s = await cartShopper();
    const first = await started(s);
    expect((await s.code(first.paymentIntentId, 'ONCE')).statusCode).toBe(200);
    const checkouts = [first];
    for (let i = 0; i < 4; i++) checkouts.push(await started(s)); // each new checkout carries the code
    expect((await orderOf(checkouts[4]?.paymentIntentId ?? '')).discountCode).toBe('ONCE');

    for (const c of checkouts) {
      await s.ship(c.paymentIntentId);
      await s.pay(c.secret);
      await s.complete(c.paymentIntentId);
    }
    expect(await paidWith('ONCE')).toBe(1);
    expect(await codeNamed('ONCE')).toMatchObject({ used: 1, redeemed: 1, usageLimit: 1 });
    // Every paid order was charged what it was priced at, and no use is counted without its address.
    expect(await count(t.app, 'discount_redemptions', `status = 'redeemed' and email is null`)).toBe(0);
  });
});

describe('the same steps sent at once (items 1 and 5; these races matter on PostgreSQL)', () => {
  it('ten checkouts of one cart started at once carry its one-use code to one of them at most, and pay it once', async () => {
    await createCode({ code: 'RACE10', usageLimit: 1 });
    const s = await cartShopper();
    const first = await started(s);
    expect((await s.code(first.paymentIntentId, 'RACE10')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.checkout()));
    const checkouts = [first, ...answers.filter((r) => r.statusCode === 201).map((r) => secretOf(r.json().checkoutUrl))];
    for (const c of checkouts) await s.ship(c.paymentIntentId);
    await Promise.all(checkouts.map((c) => s.pay(c.secret)));
    expect(await paidWith('RACE10')).toBeLessThanOrEqual(1);
    const code = await codeNamed('RACE10');
    expect(code?.used).toBeLessThanOrEqual(1);
    expect(code?.redeemed).toBe(await paidWith('RACE10'));
    expect(await count(t.app, 'orders', `payment_issue is not null`)).toBe(0);
  });

  it('one checkout paid ten times at once is one paid order at its discounted total, its use spent once', async () => {
    await createCode({ code: 'TENPAY', usageLimit: 5 });
    const s = await cartShopper();
    const c = await started(s);
    await s.code(c.paymentIntentId, 'TENPAY');
    await s.ship(c.paymentIntentId);
    const paid = await Promise.all(Array.from({ length: 10 }, () => s.pay(c.secret)));
    expect(paid.filter((r) => r.json().status === 'succeeded').length).toBeGreaterThanOrEqual(1);
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'paid', discountCode: 'TENPAY', totalCents: 2100 });
    expect(await codeNamed('TENPAY')).toMatchObject({ used: 1, redeemed: 1 });
  });

  it('a use given back by the sweep while its checkout pays is either spent by that order or taken again, never twice', async () => {
    await createCode({ code: 'SWEEPRACE', usageLimit: 1 });
    const s = await cartShopper();
    const c = await started(s);
    await s.code(c.paymentIntentId, 'SWEEPRACE');
    await s.ship(c.paymentIntentId);
    await t.app.database.db.execute(sql`update discount_redemptions set held_until = now() - interval '1 second'`);
    await Promise.all([s.pay(c.secret), t.app.services.checkout.sweepExpired(), s.pay(c.secret)]);
    const order = await orderOf(c.paymentIntentId);
    const code = await codeNamed('SWEEPRACE');
    expect(order.paidAt).not.toBeNull();
    expect(code?.used).toBeLessThanOrEqual(1);
    // Paid with the code and its use spent, or at the full price with none.
    if (order.discountCode) expect(code).toMatchObject({ used: 1, redeemed: 1 });
    else expect(code).toMatchObject({ used: 0, redeemed: 0 });
    expect(order.paymentIssue).toBeNull();
  });
});

describe('paying before the shipping step (item 4)', () => {
  it('is refused: no order is paid without an e-mail and an address', async () => {
    const s = await cartShopper();
    const c = await started(s);
    // Answered like a declined card, as the test card form's contract has it.
    expect((await s.pay(c.secret)).json()).toEqual({
      status: 'requires_payment_method',
      message: 'Save your shipping details before paying.',
    });
    await s.complete(c.paymentIntentId);
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'pending', paidAt: null });
    // Once the details are saved, the same payment goes through.
    expect((await s.ship(c.paymentIntentId)).statusCode).toBe(200);
    expect((await s.pay(c.secret)).json().status).toBe('succeeded');
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'paid', email: 'dana.lee@example.com' });
  });

  it('is refused with a code when the shipping step was refused for that code', async () => {
    await createCode({ code: 'MINE', oncePerEmail: true });
    const owner = await cartShopper();
    const o = await started(owner);
    await owner.code(o.paymentIntentId, 'MINE');
    await owner.ship(o.paymentIntentId, { email: 'kim@example.com' });
    expect((await owner.pay(o.secret)).json().status).toBe('succeeded');

    const s = await cartShopper();
    const c = await started(s);
    expect((await s.code(c.paymentIntentId, 'MINE')).statusCode).toBe(200);
    const refused = await s.ship(c.paymentIntentId, { email: 'kim@example.com' });
    expect(refused.statusCode).toBe(409);
    expect((await s.pay(c.secret)).json()).toMatchObject({ status: 'requires_payment_method' });
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'pending', paidAt: null, email: null });
    expect(await paidWith('MINE')).toBe(1);
  });
});

describe('a code’s uses held by checkouts nobody pays (item 5)', () => {
  const lapse = () => t.app.database.db.execute(sql`update discount_redemptions set held_until = now() - interval '1 second'`);

  it('are given back once their payment page stops renewing, and taken again when it comes back', async () => {
    await createCode({ code: 'LAST', usageLimit: 1 });
    const squatter = await cartShopper();
    const held = await started(squatter);
    expect((await squatter.code(held.paymentIntentId, 'LAST')).statusCode).toBe(200);
    const s = await cartShopper();
    const c = await started(s);
    expect((await s.code(c.paymentIntentId, 'LAST')).json().message).toBe(DISCOUNT_MESSAGES.usedUp);

    // The squatter's page is gone: nothing renews its hold.
    await lapse();
    await t.app.services.checkout.sweepExpired();
    expect(await codeNamed('LAST')).toMatchObject({ used: 0 });
    expect((await s.code(c.paymentIntentId, 'LAST')).statusCode).toBe(200);
    await s.ship(c.paymentIntentId);
    expect((await s.pay(c.secret)).json().status).toBe('succeeded');

    // The squatter's page comes back: the code is gone from its checkout, at the full price.
    const back = await squatter.hold(held.paymentIntentId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ discount: null, total: '22.90' });
    await squatter.ship(held.paymentIntentId, { email: 'squat@example.com' });
    expect((await squatter.pay(held.secret)).json().status).toBe('succeeded');
    expect(await orderOf(held.paymentIntentId)).toMatchObject({ discountCode: null, totalCents: 2290 });
    expect(await codeNamed('LAST')).toMatchObject({ used: 1, redeemed: 1 });
  });

  it('are kept by a page that renews them, and a lapsed use is taken again before paying when one is left', async () => {
    await createCode({ code: 'KEEP', usageLimit: 2 });
    const s = await cartShopper();
    const c = await started(s);
    expect((await s.code(c.paymentIntentId, 'KEEP')).json()).toMatchObject({ total: '21.00' });
    await lapse();
    await t.app.services.checkout.sweepExpired();
    expect(await codeNamed('KEEP')).toMatchObject({ used: 0 });
    await s.ship(c.paymentIntentId);
    expect((await s.pay(c.secret)).json().status).toBe('succeeded');
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'paid', discountCode: 'KEEP', totalCents: 2100 });
    expect(await codeNamed('KEEP')).toMatchObject({ used: 1, redeemed: 1 });
  });

  it('are refused to a paying shopper, with the new total, when another checkout took the last one meanwhile', async () => {
    await createCode({ code: 'GONE', usageLimit: 1 });
    const s = await cartShopper();
    const c = await started(s);
    await s.code(c.paymentIntentId, 'GONE');
    await s.ship(c.paymentIntentId);
    await lapse();
    await t.app.services.checkout.sweepExpired();
    const other = await cartShopper();
    const o = await started(other);
    expect((await other.code(o.paymentIntentId, 'GONE')).statusCode).toBe(200);

    expect((await s.pay(c.secret)).json()).toEqual({
      status: 'requires_payment_method',
      message: `${DISCOUNT_MESSAGES.usedUp} Your total is now $22.90.`,
    });
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'pending', discountCode: null, totalCents: 2290 });
    // Paying again pays the full price.
    expect((await s.pay(c.secret)).json().status).toBe('succeeded');
    expect(await orderOf(c.paymentIntentId)).toMatchObject({ status: 'paid', totalCents: 2290 });
  });

  it('count a try each time a new checkout carries the code', async () => {
    await createCode({ code: 'CARRY' });
    const s = await cartShopper();
    const first = await started(s);
    expect((await s.code(first.paymentIntentId, 'CARRY')).statusCode).toBe(200);
    let last = first;
    for (let i = 0; i < TRIES_PER_HOUR + 2; i++) last = await started(s);
    // Past the network's tries the code is no longer carried; the checkout itself still starts.
    expect(await orderOf(last.paymentIntentId)).toMatchObject({ discountCode: null, totalCents: 2290 });
  });
});

describe('once per e-mail address (item 6)', () => {
  it.each([
    ['a +tag', 'dana@example.com', 'dana+promo@example.com'],
    ['upper case and a +tag', 'Dana@Example.com', 'DANA+2@example.COM'],
    ['Gmail dots', 'dana.lee@gmail.com', 'danalee@gmail.com'],
    ['Gmail dots, a +tag and googlemail.com', 'dana.lee@gmail.com', 'D.a.n.a.L.e.e+x@googlemail.com'],
  ])('means once per mailbox: %s is the same mailbox', async (_name, first, second) => {
    await createCode({ code: 'MAILBOX', oncePerEmail: true });
    const a = await cartShopper();
    const ca = await started(a);
    await a.code(ca.paymentIntentId, 'MAILBOX');
    expect((await a.ship(ca.paymentIntentId, { email: first })).statusCode).toBe(200);
    expect((await a.pay(ca.secret)).json().status).toBe('succeeded');

    const b = await cartShopper();
    const cb = await started(b);
    await b.code(cb.paymentIntentId, 'MAILBOX');
    const refused = await b.ship(cb.paymentIntentId, { email: second });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This code was already used with this e-mail address\./);
    // The order keeps the address as it was typed (in lower case, as every order's).
    expect(await orderOf(ca.paymentIntentId)).toMatchObject({ email: first.toLowerCase() });
  });

  it('tells other mailboxes apart: another Gmail user, and dots outside Gmail', async () => {
    await createCode({ code: 'OTHERS', oncePerEmail: true });
    const pay = async (email: string) => {
      const s = await cartShopper();
      const c = await started(s);
      await s.code(c.paymentIntentId, 'OTHERS');
      expect((await s.ship(c.paymentIntentId, { ...SHIPPING_DETAILS, email })).statusCode).toBe(200);
      expect((await s.pay(c.secret)).json().status).toBe('succeeded');
    };
    await pay('dana.lee@example.com');
    await pay('danalee@example.com');
    await pay('dana.lee2@gmail.com');
    expect(await paidWith('OTHERS')).toBe(3);
  });
});
