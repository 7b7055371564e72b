import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, secretOf, setInventory, shopper } from '../support/checkout.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * Completions of one paid order racing each other on PostgreSQL (the browser's call, Stripe's
 * webhook, both more than once): the order is paid once and its sales tax recorded with Stripe Tax
 * once — one tax transaction, never two (docs/decisions/0047).
 */
let store: Awaited<ReturnType<typeof startStripeStore>>;
beforeAll(async () => {
  store = await startStripeStore({ TAX_PROVIDER: 'stripe', DATABASE_POOL_TIMEOUT_MS: '60000' });
  expect(store.t.driver).toBe('postgres');
  await setInventory(store.t.app, 5, 500);
});
afterAll(() => store?.close());

describe('double completion with Stripe Tax', () => {
  it('records one tax transaction per paid order however many completions race', async () => {
    const { t, fake, stripeClient } = store;
    const orders = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const s = shopper(t.app, undefined, newAddress());
        expect((await s.add(5, 2)).statusCode).toBe(201);
        const { paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
        expect((await s.ship(paymentIntentId)).statusCode).toBe(200);
        // Paid at Stripe with the checkout's checks passed, before the store hears of it.
        await t.app.services.checkout.readyToPay(paymentIntentId, s.ip);
        await stripeClient.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
        return { s, paymentIntentId };
      }),
    );
    await Promise.all(
      orders.flatMap(({ s, paymentIntentId }) => [
        ...Array.from({ length: 4 }, () => s.complete(paymentIntentId)),
        ...Array.from({ length: 4 }, () => {
          const { payload, signature } = fake.event(paymentIntentId, 'payment_intent.succeeded');
          return t.app.inject({
            method: 'POST',
            url: '/api/webhooks/stripe',
            headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
            payload,
          });
        }),
      ]),
    );
    for (const { paymentIntentId } of orders) {
      const { rows } = (await t.app.database.db.execute(
        sql`select id, status, tax_cents as tax, tax_transaction_id as "transactionId" from orders where payment_intent_id = ${paymentIntentId}`,
      )) as unknown as { rows: { id: number; status: string; tax: number; transactionId: string | null }[] };
      const o = rows[0];
      expect(o?.status).toBe('paid');
      expect(Number(o?.tax)).toBeGreaterThan(0);
      const reference = `order-${o?.id}`;
      const recorded = [...fake.tax.transactions.values()].filter((x) => x.reference === reference);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]?.id).toBe(o?.transactionId);
      const asked = fake.requests.filter(
        (r) => r.path === '/v1/tax/transactions/create_from_calculation' && r.params.reference === reference,
      );
      expect(asked).toHaveLength(1);
    }
  });
});
