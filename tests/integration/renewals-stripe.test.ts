import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { renewalOrders, subscriptionRow } from '../support/renewals.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Renewals through Stripe, with Stripe Tax (issue 31; docs/decisions/0053): the real SDK against the
 * local fake. A subscription signed up through the checkout renews with an off-session PaymentIntent
 * on its saved card, for the renewal's total with its tax, once however often the sweep runs, and
 * records its tax transaction; a card that Stripe declines off-session (0341) or whose bank asks for
 * the shopper (3184) fails the renewal with Stripe's message, closes its order and schedules the retry.
 */
let fake: FakeStripe;
let t: TestApp;
let stripeClient: Stripe;
let store: Awaited<ReturnType<typeof startStripeStore>>;

beforeAll(async () => {
  store = await startStripeStore({ TAX_PROVIDER: 'stripe' });
  ({ fake, t, stripeClient } = store);
});
afterAll(() => store?.close());
beforeEach(async () => {
  await setInventory(t.app, 5, 250);
});

type Rows<T> = { rows: T[] };
const sweep = () => t.app.services.subscriptions.renewals.sweep();
const tokenFor = async (card: string) => (await stripeClient.testHelpers.confirmationTokens.create({ payment_method: card })).id;

/** A subscription to the Single Bottle every 4 weeks, signed up and paid through the checkout with 4242, then due. */
async function dueSubscription(): Promise<{ id: number; token: string; customer: string }> {
  const s = shopper(t.app, undefined, newAddress());
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    payload: { sessionId: s.sessionId, productId: 5, quantity: 2, subscription: { intervalWeeks: 4 } },
  });
  expect(added.statusCode, added.body).toBe(201);
  const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
  expect((await s.ship(paymentIntentId, { subscriptionConsent: true })).statusCode).toBe(200);
  expect((await s.confirm(paymentIntentId, await tokenFor('4242424242424242'))).json()).toEqual({ status: 'succeeded' });
  const order = await t.app.services.orders.byPaymentId(paymentIntentId);
  const { rows } = (await t.app.database.db.execute(
    sql`select id, provider_customer_id as customer from subscriptions where first_order_id = ${order?.id ?? 0}`,
  )) as unknown as Rows<{ id: number; customer: string }>;
  const row = rows[0];
  if (!row) throw new Error('no subscription');
  await t.app.database.db.execute(
    sql`update subscriptions set next_renewal_at = now() - interval '1 minute' where id = ${row.id}`,
  );
  const token = t.app.services.subscriptions.link(row.id).split('/subscriptions/')[1] ?? '';
  return { id: row.id, token, customer: row.customer };
}

/** The subscription's card replaced from its page by `card`, saved through a SetupIntent. */
async function replaceCard(sub: { token: string }, card: string) {
  const call = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/subscriptions/${sub.token}${path}`, payload });
  const { setupId } = (await call('/card', {})).json<{ setupId: string }>();
  const confirmed = await call('/card/confirm', { setupId, confirmationToken: await tokenFor(card) });
  if (confirmed.json().status === 'requires_action') fake.customers.authenticateSetup(setupId);
  if (confirmed.json().status === 'requires_action') await call('/card/confirm', { setupId });
  expect((await call('/card/complete', { setupId })).statusCode).toBe(200);
}

const offSessionIntents = (customer: string) =>
  [...fake.intents.values()].filter((pi) => pi.customer === customer && pi.setup_future_usage === null);

describe('a renewal through Stripe', () => {
  it('is one off-session PaymentIntent on the saved card for its total with tax, its tax transaction recorded, once', async () => {
    const sub = await dueSubscription();
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const [renewal, ...more] = await renewalOrders(t.app, sub.id);
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({ status: 'paid', subtotal: 2 * 1709 });
    expect(renewal?.tax).toBeGreaterThan(0);
    expect(renewal?.total).toBe((renewal?.subtotal ?? 0) + (renewal?.shipping ?? 0) + (renewal?.tax ?? 0));
    const charges = offSessionIntents(sub.customer);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amount: renewal?.total, id: renewal?.paymentId });
    const { rows } = (await t.app.database.db.execute(
      sql`select tax_calculation_id as calc, tax_transaction_id as txn from orders where id = ${renewal?.id ?? 0}`,
    )) as unknown as Rows<{ calc: string; txn: string | null }>;
    expect(rows[0]?.txn).toBeTruthy();
    expect(fake.tax.transactions.get(rows[0]?.txn ?? '')?.calculation).toBe(rows[0]?.calc);
    expect((await subscriptionRow(t.app, sub.id))?.failedAttempts).toBe(0);
  });

  it('fails with Stripe’s message when the saved card is declined off-session, its order closed and the retry set', async () => {
    const sub = await dueSubscription();
    await replaceCard(sub, '4000000000000341');
    await t.app.database.db.execute(
      sql`update subscriptions set next_renewal_at = now() - interval '1 minute' where id = ${sub.id}`,
    );
    await sweep();
    const [failed] = await renewalOrders(t.app, sub.id);
    expect(failed?.paidAt).toBeNull();
    expect(failed?.expiredAt).not.toBeNull();
    const row = await subscriptionRow(t.app, sub.id);
    expect(row).toMatchObject({ status: 'active', failedAttempts: 1 });
    expect(row?.lastFailure).toMatch(/declined/i);
    expect(row?.retryAt).not.toBeNull();
    expect(offSessionIntents(sub.customer).filter((pi) => pi.status === 'succeeded')).toHaveLength(0);
  });

  it('fails when the bank asks for the shopper (authentication_required), with its message', async () => {
    const sub = await dueSubscription();
    await replaceCard(sub, '4000002760003184');
    await t.app.database.db.execute(
      sql`update subscriptions set next_renewal_at = now() - interval '1 minute' where id = ${sub.id}`,
    );
    await sweep();
    const [failed] = await renewalOrders(t.app, sub.id);
    expect(failed?.paidAt).toBeNull();
    const row = await subscriptionRow(t.app, sub.id);
    expect(row?.failedAttempts).toBe(1);
    expect(row?.lastFailure).toBeTruthy();
  });
});
