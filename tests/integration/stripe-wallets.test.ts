import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { secretOf, setInventory, shopper } from '../support/checkout.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Wallets and Link through Stripe's automatic payment methods, and the kind of payment method the
 * store reads back from Stripe (docs/decisions/0042): the real `stripe` SDK against the local fake
 * (tests/support/fake-stripe.ts), whose test payment methods `pm_card_visa_applepay`,
 * `pm_card_visa_googlepay` and `pm_link` stand for a wallet or Link payment.
 */
let fake: FakeStripe;
let t: TestApp;
/** The shopper's side of Stripe (what Stripe.js does in the browser), through the same SDK. */
let stripeClient: Stripe;

let store: Awaited<ReturnType<typeof startStripeStore>>;
beforeAll(async () => {
  store = await startStripeStore();
  ({ fake, t, stripeClient } = store);
});
afterAll(() => store?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 250);
});

async function startedCheckout() {
  const s = shopper(t.app);
  expect((await s.add(5, 1)).statusCode).toBe(201);
  const res = await s.checkout();
  expect(res.statusCode).toBe(201);
  const ids = secretOf(res.json().checkoutUrl);
  expect((await s.ship(ids.paymentIntentId)).statusCode).toBe(200);
  return { s, ...ids };
}

/** Confirmed as Stripe.js confirms the Payment Element's choice: no return URL, since nothing may redirect. */
const payAtStripe = (paymentIntentId: string, paymentMethod: string) =>
  stripeClient.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod });

describe('Stripe PaymentIntents with automatic payment methods', () => {
  it('are created with the account’s payment methods but none that redirects, keeping the idempotency key and metadata', async () => {
    const before = fake.requests.length;
    const { paymentIntentId } = await startedCheckout();

    const creates = fake.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.params.automatic_payment_methods).toEqual({ enabled: 'true', allow_redirects: 'never' });
    expect(creates[0]?.params).not.toHaveProperty('allowed_payment_method_types');
    expect(creates[0]?.idempotencyKey).toMatch(/^order-\d+-\d+$/);

    const intent = fake.intents.get(paymentIntentId);
    expect(intent).toMatchObject({
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      allowed_payment_method_types: null,
      // Cards (Apple Pay and Google Pay among them) and Link; not Cash App Pay or Affirm, which redirect.
      payment_method_types: ['card', 'link'],
    });
    expect(intent?.metadata).toEqual({ order_id: expect.stringMatching(/^\d+$/) });
  });

  it('report no kind of payment method before the shopper pays', async () => {
    const { s, paymentIntentId } = await startedCheckout();
    expect(await t.app.services.payments.retrieve(paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      methodKind: null,
    });
    expect((await s.complete(paymentIntentId)).statusCode).toBe(409);
  });

  it.each([
    ['a card', 'pm_card_visa', 'card'],
    ['Apple Pay', 'pm_card_visa_applepay', 'apple_pay'],
    ['Google Pay', 'pm_card_visa_googlepay', 'google_pay'],
    ['Link', 'pm_link', 'link'],
  ])('paid with %s (%s) without leaving the page: the order is paid and the kind is %s', async (_name, method, kind) => {
    const { s, paymentIntentId } = await startedCheckout();
    const paid = await payAtStripe(paymentIntentId, method);
    expect(paid.status).toBe('succeeded');

    expect(await t.app.services.payments.retrieve(paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amountCents: paid.amount,
      methodKind: kind,
    });
    const done = await s.complete(paymentIntentId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, status: 'paid' });
    // The order keeps what Stripe says paid it, for the owner's order card and export.
    const { rows } = (await t.app.database.db.execute(
      sql`select payment_method_kind as "kind" from orders where payment_intent_id = ${paymentIntentId}`,
    )) as unknown as { rows: { kind: string | null }[] };
    expect(rows[0]?.kind).toBe(kind);
  });

  it('a declined card has no kind; the Link payment that follows on the same PaymentIntent has', async () => {
    const { paymentIntentId } = await startedCheckout();
    await expect(payAtStripe(paymentIntentId, 'pm_card_chargeDeclined')).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await t.app.services.payments.retrieve(paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
      methodKind: null,
    });

    await payAtStripe(paymentIntentId, 'pm_link');
    expect(await t.app.services.payments.retrieve(paymentIntentId)).toMatchObject({ status: 'succeeded', methodKind: 'link' });
  });
});

describe('the fake refuses what Stripe refuses, so the parameters above matter', () => {
  it('Link on a card-only PaymentIntent, and a confirmation without return URL when redirects are allowed', async () => {
    const cardOnly = await stripeClient.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
    });
    expect(cardOnly.payment_method_types).toEqual(['card']);
    const link = await payAtStripe(cardOnly.id, 'pm_link').catch((err: unknown) => err);
    expect(link).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((link as Stripe.errors.StripeError).code).toBe('payment_intent_incompatible_payment_method');
    // Apple Pay pays with a card: a card-only PaymentIntent takes it.
    expect((await payAtStripe(cardOnly.id, 'pm_card_visa_applepay')).status).toBe('succeeded');

    const redirects = await stripeClient.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
    });
    expect(redirects.payment_method_types).toEqual(['card', 'link', 'cashapp', 'affirm']);
    const noReturn = await payAtStripe(redirects.id, 'pm_card_visa').catch((err: unknown) => err);
    expect(noReturn).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((noReturn as Stripe.errors.StripeError).param).toBe('return_url');
  });

  it('a PaymentIntent names its charge’s id, and the charge itself only when expanded', async () => {
    const { paymentIntentId } = await startedCheckout();
    await payAtStripe(paymentIntentId, 'pm_card_visa_googlepay');
    const plain = await stripeClient.paymentIntents.retrieve(paymentIntentId);
    expect(plain.latest_charge).toMatch(/^ch_/);
    const expanded = await stripeClient.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    expect(expanded.latest_charge).toMatchObject({
      id: plain.latest_charge,
      status: 'succeeded',
      payment_method_details: { type: 'card', card: { wallet: { type: 'google_pay' } } },
    });
  });
});
