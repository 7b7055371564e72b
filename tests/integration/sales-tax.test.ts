import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, signedIn, ORIGIN } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { parseCsv } from '../support/csv.ts';
import { discountTerms } from '../support/discounts.ts';
import { eventually } from '../support/eventually.ts';
import { FAKE_KEYS, type FakeStripe } from '../support/fake-stripe.ts';
import { fakeTaxOf } from '../support/fake-stripe-tax.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Sales tax through Stripe Tax (docs/decisions/0047), with the real `stripe` SDK against the local
 * fake of Stripe (its Stripe Tax part: tests/support/fake-stripe-tax.ts, a rate by state): worked
 * out at the shipping step, charged with the payment, recorded once paid, and given back by refunds.
 */
let store: Awaited<ReturnType<typeof startStripeStore>>;
let t: TestApp;
let fake: FakeStripe;
let stripeClient: Stripe;
let cookie: string;

beforeAll(async () => {
  store = await startStripeStore({ TAX_PROVIDER: 'stripe', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  ({ t, fake, stripeClient } = store);
  cookie = (await signedIn(t.app)).cookie;
});
afterAll(() => store?.close());
beforeEach(async () => {
  fake.down = false;
  fake.tax.down = false;
  await setInventory(t.app, 5, 250);
  await setInventory(t.app, 6, 120);
});

const owner = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN, ...headers }, ...(payload ? { payload } : {}) });

/** 2 singles (18.99) and a 3-pack (44.99): 82.97, shipping 3.91 (the store's rate below its free-shipping amount). */
async function started(
  lines: [number, number][] = [
    [5, 2],
    [6, 1],
  ],
) {
  const s = shopper(t.app, undefined, newAddress());
  for (const [id, q] of lines) expect((await s.add(id, q)).statusCode).toBe(201);
  const res = await s.checkout();
  expect(res.statusCode).toBe(201);
  return { s, ...secretOf(res.json().checkoutUrl) };
}

async function pay(s: ReturnType<typeof shopper>, paymentIntentId: string) {
  const token = await stripeClient.testHelpers.confirmationTokens.create({ payment_method: 'pm_card_visa' });
  return s.confirm(paymentIntentId, token.id);
}

async function orderRow(paymentIntentId: string) {
  const { rows } = (await t.app.database.db.execute(
    sql`select id, status, subtotal_cents as subtotal, discount_cents as discount, shipping_cents as shipping,
          tax_cents as tax, total_cents as total, tax_calculation_id as "calculationId",
          tax_transaction_id as "transactionId", refunded_tax_cents as "refundedTax"
        from orders where payment_intent_id = ${paymentIntentId}`,
  )) as unknown as {
    rows: {
      id: number;
      status: string;
      subtotal: number;
      discount: number;
      shipping: number;
      tax: number;
      total: number;
      calculationId: string | null;
      transactionId: string | null;
      refundedTax: number;
    }[];
  };
  const o = rows[0];
  if (!o) throw new Error(`no order for ${paymentIntentId}`);
  return o;
}

const calculationsAsked = () => fake.requests.filter((r) => r.path === '/v1/tax/calculations');

describe('sales tax with Stripe Tax', () => {
  it('adds no tax before the shipping step, then the tax of the lines and shipping at the address, charged with the payment', async () => {
    const { s, paymentIntentId } = await started();
    const before = await t.app.inject({ method: 'GET', url: `/api/checkout/${paymentIntentId}` });
    expect(before.json()).toMatchObject({ subtotal: '82.97', shipping: '3.91', tax: '0.00', total: '86.88' });

    const asked = calculationsAsked().length;
    const shipped = await s.ship(paymentIntentId); // Columbus, OH: 5.75 % on goods and shipping in the fake
    expect(shipped.statusCode, shipped.body).toBe(200);
    const tax = fakeTaxOf(3798, 'OH') + fakeTaxOf(4499, 'OH') + fakeTaxOf(391, 'OH', true);
    expect(tax).toBe(218 + 259 + 22);
    expect(shipped.json()).toMatchObject({ subtotal: '82.97', shipping: '3.91', tax: '4.99', total: '91.87' });
    expect(fake.intents.get(paymentIntentId)?.amount).toBe(9187);

    // Asked as Stripe's guide asks: tax-exclusive line amounts with their references, shipping, the shipping address.
    const req = calculationsAsked()[asked];
    expect(calculationsAsked()).toHaveLength(asked + 1);
    expect(req?.params).toMatchObject({
      currency: 'usd',
      line_items: {
        0: { amount: '3798', quantity: '2', reference: 'product-5', tax_behavior: 'exclusive' },
        1: { amount: '4499', quantity: '1', reference: 'product-6', tax_behavior: 'exclusive' },
      },
      shipping_cost: { amount: '391', tax_behavior: 'exclusive' },
      customer_details: {
        address: { line1: '12 Iron Way', city: 'Columbus', state: 'OH', postal_code: '43004', country: 'US' },
        address_source: 'shipping',
      },
    });

    // The same details again: the calculation still covers them, Stripe is not asked again.
    expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
    expect(calculationsAsked()).toHaveLength(asked + 1);
  });

  it('charges no tax where the store is not registered, and the tax of the new state when the address changes', async () => {
    const { s, paymentIntentId } = await started([[5, 1]]);
    const mt = await s.ship(paymentIntentId, { city: 'Helena', state: 'MT', zip: '59601' });
    expect(mt.json()).toMatchObject({ tax: '0.00', total: '22.90' });
    const ny = await s.ship(paymentIntentId, { city: 'Albany', state: 'NY', zip: '12207' });
    // Albany, NY: 8.88 % on 18.99 (1.69) and on 3.91 shipping (0.35) in the fake.
    expect(fakeTaxOf(1899, 'NY') + fakeTaxOf(391, 'NY', true)).toBe(204);
    expect(ny.json()).toMatchObject({ tax: '2.04', total: '24.94' });
    expect(fake.intents.get(paymentIntentId)?.amount).toBe(2494);
  });

  it('works the tax out again when a code goes on or comes off, before anything can be paid', async () => {
    const code = `TAX${Date.now().toString(36)}`.toUpperCase();
    expect((await owner('POST', '/api/admin/discounts', discountTerms({ code, kind: 'fixed', value: '10.00' }))).statusCode).toBe(
      201,
    );
    const { s, paymentIntentId } = await started();
    await s.ship(paymentIntentId);
    const on = await s.code(paymentIntentId, code);
    expect(on.statusCode, on.body).toBe(200);
    // 10.00 off, shared over the lines; the tax is worked out on what is left.
    const o = await orderRow(paymentIntentId);
    expect(o.discount).toBe(1000);
    expect(o.total).toBe(o.subtotal - o.discount + o.shipping + o.tax);
    expect(o.tax).toBeLessThan(499);
    expect(on.json().tax).toBe((o.tax / 100).toFixed(2));
    expect(fake.intents.get(paymentIntentId)?.amount).toBe(o.total);
    const off = await s.dropCode(paymentIntentId);
    expect(off.json()).toMatchObject({ tax: '4.99', total: '91.87' });
    expect(fake.intents.get(paymentIntentId)?.amount).toBe(9187);
  });

  it('records the tax transaction once the order is paid, and reverses each refund’s share of the tax', async () => {
    const { s, paymentIntentId } = await started();
    await s.ship(paymentIntentId);
    const paid = await pay(s, paymentIntentId);
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    expect(o).toMatchObject({ status: 'paid', tax: 499, total: 9187 });
    expect(fake.intents.get(paymentIntentId)?.amount_received).toBe(9187);
    const transaction = o.transactionId ? fake.tax.transactions.get(o.transactionId) : undefined;
    expect(transaction).toMatchObject({ type: 'transaction', reference: `order-${o.id}`, calculation: o.calculationId });
    expect(fake.tax.netTax(o.transactionId ?? '')).toBe(499);

    // What the refund dialog reads: refunding 1 or 2 bottles gives back their price and tax share.
    const state = (await owner('GET', `/api/orders/${o.id}/refunds`)).json();
    expect(state.lines.find((l: { productId: number }) => l.productId === 5).worth).toEqual(['20.08', '40.16']);
    // One single bottle back: its price and its share of the tax (218 / 2 = 109).
    const line = await owner('POST', `/api/orders/${o.id}/refunds`, { items: [{ productId: 5, quantity: 1, restock: true }] });
    expect(line.statusCode, line.body).toBe(201);
    expect(line.json().amount).toBe('20.08');
    expect(fake.tax.netTax(o.transactionId ?? '')).toBeLessThan(499);
    const afterLine = await orderRow(paymentIntentId);
    expect(afterLine.refundedTax).toBe(109);
    // The rest: everything left, tax included; Stripe's record of the tax collected comes to nothing.
    const rest = await owner('POST', `/api/orders/${o.id}/refunds`, {});
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amount).toBe('71.79');
    expect((await orderRow(paymentIntentId)).refundedTax).toBe(499);
    expect(fake.tax.netTax(o.transactionId ?? '')).toBe(0);
    const reversals = fake.tax.reversalsOf(o.transactionId ?? '');
    expect(reversals.map((r) => r.reference).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^order-${o.id}-refund-\\d+$`))]),
    );
    expect(reversals).toHaveLength(2);
  });

  it('takes a refund made in Stripe’s dashboard with its share of the tax, and the sweep reverses that share', async () => {
    const { s, paymentIntentId } = await started();
    await s.ship(paymentIntentId);
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    const made = fake.refundFromDashboard(paymentIntentId, 1000);
    const { payload, signature } = fake.refundEvent(made.id, 'charge.refunded');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    // 10.00 of 91.87 paid, 4.99 of it tax: 0.54 of tax (rounded down).
    expect((await orderRow(paymentIntentId)).refundedTax).toBe(Math.floor((1000 * 499) / 9187));
    await t.app.services.checkout.retryTaxRecords();
    const reversals = fake.tax.reversalsOf(o.transactionId ?? '');
    expect(reversals).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/tax/transactions/create_reversal').at(-1)?.params).toMatchObject({
      mode: 'partial',
      flat_amount: '-1000',
    });
    await t.app.services.checkout.retryTaxRecords(); // recorded once
    expect(fake.tax.reversalsOf(o.transactionId ?? '')).toHaveLength(1);
  });

  it('reverses the whole transaction when the whole order is refunded at once', async () => {
    const { s, paymentIntentId } = await started([[6, 1]]);
    await s.ship(paymentIntentId);
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    const cancel = await owner('POST', `/api/orders/${o.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const reversals = fake.tax.reversalsOf(o.transactionId ?? '');
    expect(reversals).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/tax/transactions/create_reversal').at(-1)?.params).toMatchObject({
      mode: 'full',
      original_transaction: o.transactionId,
    });
    expect(fake.tax.netTax(o.transactionId ?? '')).toBe(0);
  });

  it('when Stripe Tax does not answer: tells the shopper, charges nothing, and lets them try again', async () => {
    const { s, paymentIntentId } = await started();
    fake.tax.down = true;
    const shipped = await s.ship(paymentIntentId);
    expect(shipped.statusCode).toBe(503);
    expect(shipped.json().message).toBe(
      'We could not work out the sales tax for your order just now. Please try again in a moment.',
    );
    // Paying is refused until the tax is worked out: Stripe is not asked to confirm.
    const refused = await pay(s, paymentIntentId);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(/sales tax/);
    expect(fake.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');
    expect((await orderRow(paymentIntentId)).status).toBe('pending');

    fake.tax.down = false;
    const again = await pay(s, paymentIntentId);
    expect(again.json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    expect(o).toMatchObject({ status: 'paid', tax: 499, total: 9187 });
    expect(fake.intents.get(paymentIntentId)?.amount_received).toBe(9187);
  });

  it('never charges the tax of amounts the checkout no longer has: a code put on while Stripe Tax is down blocks paying', async () => {
    const code = `TAXD${Date.now().toString(36)}`.toUpperCase();
    expect((await owner('POST', '/api/admin/discounts', discountTerms({ code, kind: 'fixed', value: '10.00' }))).statusCode).toBe(
      201,
    );
    const { s, paymentIntentId } = await started();
    await s.ship(paymentIntentId);
    fake.tax.down = true;
    const on = await s.code(paymentIntentId, code);
    expect(on.statusCode).toBe(503);
    // The tax of the full price no longer stands, and the tax of the discounted one is not known: no payment.
    const refused = await pay(s, paymentIntentId);
    expect(refused.statusCode).toBe(503);
    expect(fake.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');
    fake.tax.down = false;
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    expect(o.discount).toBe(1000);
    expect(o.total).toBe(o.subtotal - o.discount + o.shipping + o.tax);
    expect(fake.tax.calculations.get(o.calculationId ?? '')?.tax_amount_exclusive).toBe(o.tax);
    expect(fake.intents.get(paymentIntentId)?.amount_received).toBe(o.total);
  });

  it('works the tax out again before paying when the order changed behind the calculation', async () => {
    const { s, paymentIntentId } = await started([[5, 1]]);
    await s.ship(paymentIntentId);
    const before = await orderRow(paymentIntentId);
    // What another change of the order would leave: a calculation that covers other amounts.
    await t.app.database.db.execute(sql`update orders set tax_basis = 'stale' where id = ${before.id}`);
    const asked = calculationsAsked().length;
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    expect(calculationsAsked()).toHaveLength(asked + 1);
    const o = await orderRow(paymentIntentId);
    expect(o.calculationId).not.toBe(before.calculationId);
    expect(fake.intents.get(paymentIntentId)?.amount_received).toBe(o.total);
  });

  it('when the payment cannot follow the new tax, paying works it out and asks the payment again', async () => {
    const { s, paymentIntentId } = await started([[5, 1]]);
    // Stripe Tax answers, but the PaymentIntent refuses its new amount this once.
    const intent = fake.intents.get(paymentIntentId);
    if (!intent) throw new Error('no intent');
    const realStatus = intent.status;
    intent.status = 'processing'; // Stripe refuses to change the amount of a payment in this state
    expect((await s.ship(paymentIntentId)).statusCode).toBe(503);
    intent.status = realStatus;
    expect(intent.amount).toBe(2290);
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    expect(o).toMatchObject({ status: 'paid', tax: 131, total: 2421 });
    expect(fake.intents.get(paymentIntentId)?.amount_received).toBe(2421);
  });

  it('asks the shopper to check an address Stripe Tax cannot place, and takes no payment until it is corrected', async () => {
    const { s, paymentIntentId } = await started([[5, 1]]);
    const wrong = await s.ship(paymentIntentId, { zip: '00000' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(
      'We could not work out the sales tax for this address. Please check that the ZIP code belongs to the city and state.',
    );
    const refused = await pay(s, paymentIntentId);
    expect(refused.json()).toEqual({ status: 'requires_payment_method', message: wrong.json().message });
    expect(fake.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');
    expect((await s.ship(paymentIntentId)).json()).toMatchObject({ tax: '1.31', total: '24.21' });
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
  });

  it('records a paid order’s tax transaction later when Stripe Tax was down at completion (the minute sweep)', async () => {
    const { s, paymentIntentId } = await started([[5, 1]]);
    await s.ship(paymentIntentId);
    // Down between the shipping step and completion: the payment goes through, the record waits.
    const token = await stripeClient.testHelpers.confirmationTokens.create({ payment_method: 'pm_card_visa' });
    const ready = await t.app.services.checkout.readyToPay(paymentIntentId, s.ip);
    expect(ready.taxCalculationId).not.toBeNull();
    fake.tax.down = true;
    expect((await s.confirm(paymentIntentId, token.id)).json()).toEqual({ status: 'succeeded' });
    expect((await orderRow(paymentIntentId)).transactionId).toBeNull();
    fake.tax.down = false;
    await t.app.services.checkout.retryTaxRecords();
    const o = await orderRow(paymentIntentId);
    expect(o.transactionId).not.toBeNull();
    expect(fake.tax.netTax(o.transactionId ?? '')).toBe(o.tax);
  });
});

describe('what the shopper and the owner read of an order’s tax', () => {
  it('shows it in the confirmation, its e-mail, the order page, the owner’s order and the CSV', async () => {
    const { s, paymentIntentId } = await started();
    await s.ship(paymentIntentId);
    const mails = t.app.mailer.sent.length;
    expect((await pay(s, paymentIntentId)).json()).toEqual({ status: 'succeeded' });
    const o = await orderRow(paymentIntentId);
    const confirmation = await t.app.inject({ url: `/api/orders/confirmation/${paymentIntentId}` });
    expect(confirmation.json()).toMatchObject({ subtotal: '82.97', shipping: '3.91', tax: '4.99', total: '91.87' });
    await eventually(async () => t.app.mailer.sent.length > mails);
    const mail = t.app.mailer.sent.find((m) => m.subject.includes(`#${o.id}`));
    expect(mail?.text).toContain('Shipping  $3.91\nSales tax  $4.99\nTotal  $91.87');
    const token = t.app.services.orderStatus.link(o.id).split('/orders/')[1] ?? '';
    const page = await t.app.inject({ url: `/api/order-status/${token}` });
    expect(page.json()).toMatchObject({ shipping: '3.91', tax: '4.99', total: '91.87' });
    const listed = (await owner('GET', `/api/orders?q=${o.id}`)).json() as { id: number }[];
    expect(listed.find((x) => x.id === o.id)).toMatchObject({ shippingCharged: '3.91', tax: '4.99', total: '91.87' });
    await owner('POST', `/api/orders/${o.id}/refunds`, { items: [{ productId: 5, quantity: 1, restock: false }] });
    const csv = parseCsv((await owner('GET', '/api/orders/export.csv')).body);
    const header = csv[0] ?? [];
    expect(header.slice(-2)).toEqual(['Sales tax', 'Sales tax refunded']);
    const row = csv.find((r) => r[0] === String(o.id)) ?? [];
    expect(row.slice(-2)).toEqual(['4.99', '1.09']);
    expect(row[header.indexOf('Total')]).toBe('91.87');
  });
});

describe('revenue without sales tax (a live Stripe account)', () => {
  let live: Awaited<ReturnType<typeof startStripeStore>>;
  beforeAll(async () => {
    live = await startStripeStore({
      TAX_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_KEYS.liveSecretKey,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(() => live?.close());

  it('leaves the tax out of every revenue figure and shows the tax collected beside them', async () => {
    const app = live.t.app;
    const s = shopper(app, undefined, newAddress());
    await s.add(5, 2);
    await s.add(6, 1);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId);
    const token = await live.stripeClient.testHelpers.confirmationTokens.create({ payment_method: 'pm_card_visa' });
    expect((await s.confirm(paymentIntentId, token.id)).json()).toEqual({ status: 'succeeded' });
    const id = (await app.services.orders.byPaymentId(paymentIntentId))?.id;
    const ownerCookie = (await signedIn(app)).cookie;
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, headers: { cookie: ownerCookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
    // 91.87 paid, 4.99 of it tax; one bottle back: 18.99 and its 1.09 of tax.
    expect(
      (await call('POST', `/api/orders/${id}/refunds`, { items: [{ productId: 5, quantity: 1, restock: false }] })).statusCode,
    ).toBe(201);
    const summary = (await call('GET', '/api/orders/summary')).json();
    expect(summary).toMatchObject({ grossRevenue: '86.88', refunds: '18.99', totalRevenue: '67.89', taxCollected: '3.90' });
    const analytics = (await call('GET', '/api/analytics?range=7d')).json();
    expect(analytics.business).toMatchObject({
      grossRevenue: '86.88',
      refunds: '18.99',
      totalRevenue: '67.89',
      taxCollected: '3.90',
      last7DaysRevenue: '67.89',
      last30DaysRevenue: '67.89',
    });
    const today = analytics.daily.at(-1);
    expect(today.revenue).toBe('67.89');
  });
});
