import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Subscribe and save through Stripe (docs/decisions/0052), with the real SDK against the local fake:
 * the first PaymentIntent saves its card for a Customer, the subscription keeps it, and the saved
 * card charges off-session, declines, asks for authentication, and is replaced through a SetupIntent.
 */
let fake: FakeStripe;
let t: TestApp;
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

type Rows<T> = { rows: T[] };
const subscriptionOf = async (orderId: number) =>
  (
    (await t.app.database.db.execute(
      sql`select provider_customer_id, payment_method_id, card_brand, card_last4 from subscriptions where first_order_id = ${orderId}`,
    )) as unknown as Rows<{ provider_customer_id: string; payment_method_id: string; card_brand: string; card_last4: string }>
  ).rows;

const tokenFor = async (card: string) => (await stripeClient.testHelpers.confirmationTokens.create({ payment_method: card })).id;

/** A first order of the Single Bottle subscribed every 4 weeks, paid with `card` through the server's confirmation. */
async function subscribedOrder(card = '4242424242424242') {
  const s = shopper(t.app, undefined, newAddress());
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    payload: { sessionId: s.sessionId, productId: 5, quantity: 1, subscription: { intervalWeeks: 4 } },
  });
  expect(added.statusCode, added.body).toBe(201);
  const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  expect((await s.ship(paymentIntentId, { subscriptionConsent: true })).statusCode).toBe(200);
  const paid = await s.confirm(paymentIntentId, await tokenFor(card));
  return { s, paymentIntentId, paid };
}

const orderOf = async (paymentIntentId: string) => {
  const o = await t.app.services.orders.byPaymentId(paymentIntentId);
  if (!o) throw new Error('no order');
  return o;
};

describe('the first order of a subscription through Stripe', () => {
  it('creates its PaymentIntent with a Customer and setup_future_usage, and the subscription keeps the card', async () => {
    const { paymentIntentId, paid } = await subscribedOrder();
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const pi = fake.intents.get(paymentIntentId);
    expect(pi?.setup_future_usage).toBe('off_session');
    expect(pi?.customer).toMatch(/^cus_/);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    const order = await orderOf(paymentIntentId);
    expect(
      creates.filter(
        (r) => r.params.metadata && (r.params.metadata as Record<string, string>).first_order_id === String(order.id),
      ),
    ).toHaveLength(1);
    const [sub] = await subscriptionOf(order.id);
    expect(sub).toMatchObject({ provider_customer_id: pi?.customer, card_brand: 'visa', card_last4: '4242' });
    expect(sub?.payment_method_id).toBe(pi?.payment_method);
    expect(fake.customers.paymentMethods.get(sub?.payment_method_id ?? '')?.customer).toBe(pi?.customer);
    // The Customer, made before the shopper's details were known, has them once paid.
    expect(fake.customers.customers.get(pi?.customer ?? '')).toMatchObject({ email: 'dana.lee@example.com', name: 'Dana Lee' });
  });

  it('a one-time order makes no Customer and saves nothing', async () => {
    const before = fake.customers.customers.size;
    const s = shopper(t.app, undefined, newAddress());
    await s.add(5, 1);
    const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    expect(fake.intents.get(paymentIntentId)).toMatchObject({ customer: null, setup_future_usage: null });
    expect(fake.customers.customers.size).toBe(before);
  });
});

describe('the saved card, charged off-session', () => {
  it('succeeds, and the same idempotency key charges once', async () => {
    const { paymentIntentId } = await subscribedOrder();
    const order = await orderOf(paymentIntentId);
    const [sub] = await subscriptionOf(order.id);
    if (!sub) throw new Error('no subscription');
    const charge = () =>
      t.app.services.payments.chargeSaved({
        orderId: order.id,
        amountCents: 1709,
        customerId: sub.provider_customer_id,
        paymentMethodId: sub.payment_method_id,
        idempotencyKey: `renewal-test-${order.id}`,
      });
    const first = await charge();
    expect(first).toMatchObject({ status: 'succeeded', message: null });
    const again = await charge();
    expect(again.id).toBe(first.id);
    const offSession = [...fake.intents.values()].filter(
      (pi) => pi.customer === sub.provider_customer_id && pi.id !== paymentIntentId,
    );
    expect(offSession).toHaveLength(1);
    expect(offSession[0]).toMatchObject({ status: 'succeeded', amount_received: 1709, payment_method: sub.payment_method_id });
  });

  it('a new card saved through a SetupIntent; 0341 attaches but is declined, 3184 needs authentication', async () => {
    const { paymentIntentId } = await subscribedOrder();
    const order = await orderOf(paymentIntentId);
    const [sub] = await subscriptionOf(order.id);
    if (!sub) throw new Error('no subscription');
    const saveCard = async (card: string) => {
      const setup = await t.app.services.payments.startSetup(sub.provider_customer_id);
      expect(setup.clientSecret).toMatch(/^seti_.+_secret_/);
      expect(await t.app.services.payments.finishSetup(setup.setupId)).toBeNull(); // not finished yet
      const confirmed = await stripeClient.setupIntents.confirm(setup.setupId, {
        confirmation_token: await tokenFor(card),
      } as Stripe.SetupIntentConfirmParams);
      if (confirmed.status === 'requires_action') fake.customers.authenticateSetup(setup.setupId);
      const saved = await t.app.services.payments.finishSetup(setup.setupId);
      expect(saved).toMatchObject({ customerId: sub.provider_customer_id, brand: 'visa', last4: card.slice(-4) });
      return saved?.paymentMethodId ?? '';
    };
    const charge = (paymentMethodId: string, key: string) =>
      t.app.services.payments.chargeSaved({
        orderId: order.id,
        amountCents: 1709,
        customerId: sub.provider_customer_id,
        paymentMethodId,
        idempotencyKey: key,
      });

    const declining = await saveCard('4000000000000341');
    expect(await charge(declining, `renewal-0341-${order.id}`)).toMatchObject({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    const asking = await saveCard('4000002760003184');
    expect(await charge(asking, `renewal-3184-${order.id}`)).toMatchObject({
      status: 'requires_payment_method',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    const good = await saveCard('4242424242424242');
    expect((await charge(good, `renewal-4242-${order.id}`)).status).toBe('succeeded');
  });

  it('with Stripe’s 0341 the first payment itself is declined: no order paid, no subscription', async () => {
    const { paymentIntentId, paid } = await subscribedOrder('4000000000000341');
    expect(paid.json()).toMatchObject({ status: 'requires_payment_method', message: 'Your card was declined.' });
    const order = await orderOf(paymentIntentId);
    expect(order.status).toBe('pending');
    expect(await subscriptionOf(order.id)).toHaveLength(0);
  });
});

describe('a new card from the subscription page through Stripe', () => {
  /** A paid subscription's page token and its row. */
  async function pageOfNewSubscription() {
    const { paymentIntentId } = await subscribedOrder();
    const order = await orderOf(paymentIntentId);
    const { rows } = (await t.app.database.db.execute(
      sql`select id from subscriptions where first_order_id = ${order.id}`,
    )) as unknown as Rows<{ id: number }>;
    const id = rows[0]?.id ?? 0;
    const token = t.app.services.subscriptions.link(id).split('/subscriptions/')[1] ?? '';
    const call = (path: string, payload?: object) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/subscriptions/${token}${path}`, payload });
    return { id, token, call, order };
  }

  it('is confirmed by the server with the card form’s ConfirmationToken, then becomes the subscription’s card', async () => {
    const { call, order } = await pageOfNewSubscription();
    const started = await call('/card', {});
    expect(started.statusCode, started.body).toBe(200);
    const setup = started.json<{ setupId: string; clientSecret: string; provider: string; publishableKey: string }>();
    expect(setup).toMatchObject({ provider: 'stripe', publishableKey: expect.stringMatching(/^pk_/) });
    const [before] = await subscriptionOf(order.id);

    // A declined card: its message, and the subscription keeps its card.
    const declined = await call('/card/confirm', {
      setupId: setup.setupId,
      confirmationToken: await tokenFor('4000000000000002'),
    });
    expect(declined.json()).toMatchObject({ status: 'requires_payment_method', message: expect.stringMatching(/declined/i) });
    expect((await call('/card/complete', { setupId: setup.setupId })).statusCode).toBe(409);

    // A card whose bank asks the shopper first: authenticated, then confirmed again without a token.
    const again = (await call('/card', {})).json<{ setupId: string }>();
    const asked = await call('/card/confirm', { setupId: again.setupId, confirmationToken: await tokenFor('4000002760003184') });
    expect(asked.json()).toEqual({ status: 'requires_action' });
    fake.customers.authenticateSetup(again.setupId);
    expect((await call('/card/confirm', { setupId: again.setupId })).json()).toEqual({ status: 'succeeded' });
    const done = await call('/card/complete', { setupId: again.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().card).toEqual({ brand: 'visa', last4: '3184' });
    const [after] = await subscriptionOf(order.id);
    expect(after?.payment_method_id).not.toBe(before?.payment_method_id);
  });

  it('refuses another subscription’s setup, and bad input, without confirming anything', async () => {
    const mine = await pageOfNewSubscription();
    const theirs = await pageOfNewSubscription();
    const setup = (await theirs.call('/card', {})).json<{ setupId: string }>();
    const confirms = () => fake.requests.filter((r) => r.path === `/v1/setup_intents/${setup.setupId}/confirm`).length;
    const stolen = await mine.call('/card/confirm', {
      setupId: setup.setupId,
      confirmationToken: await tokenFor('4242424242424242'),
    });
    expect(stolen.statusCode).toBe(409);
    expect(confirms()).toBe(0);
    for (const body of [
      {},
      { setupId: 'pi_123' },
      { setupId: setup.setupId, confirmationToken: 'tok_visa' },
      { setupId: setup.setupId, extra: 1 },
    ]) {
      expect((await mine.call('/card/confirm', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(confirms()).toBe(0);
  });

  it('lets the page load Stripe.js: its Content-Security-Policy allows Stripe, as the checkout’s does', async () => {
    const { token } = await pageOfNewSubscription();
    const page = await t.app.inject({ method: 'GET', url: `/subscriptions/${token}` });
    expect(page.headers['content-security-policy']).toContain('https://js.stripe.com');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['content-security-policy']).not.toContain('https://js.stripe.com');
  });
});
