import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, newSessionId } from '../support/app.ts';
import { type StoreServer, startStore } from '../support/store-process.ts';

/**
 * The server killed with SIGKILL in the middle of payments (issue "Proof at scale"): after a
 * restart, no payment that succeeded is left without its paid order. (PostgreSQL only.)
 */
let db: Awaited<ReturnType<typeof createPgDatabase>>;
let store: StoreServer;

const post = (path: string, body: unknown) =>
  fetch(`${store.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  db = await createPgDatabase();
  store = await startStore({
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
    RATE_LIMIT_CART_PER_MINUTE: '100000',
  });
});
afterAll(async () => {
  await store?.stop();
  await db?.drop();
});

async function query<T>(text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

describe('a crash in the middle of payments', () => {
  it('leaves no succeeded payment without its paid order once the store is back', async () => {
    const secrets: string[] = [];
    for (let i = 0; i < 63; i++) {
      const sessionId = newSessionId();
      await post('/api/cart', { sessionId, productId: 5, quantity: 1 });
      const { checkoutUrl } = (await (await post('/api/checkout', { sessionId })).json()) as { checkoutUrl: string };
      const secret = decodeURIComponent(checkoutUrl.split('payment_intent=')[1] ?? '');
      await post('/api/orders/shipping', {
        paymentIntentId: secret.split('_secret_')[0],
        ageConfirmed: true,
        email: `crash${i}@example.com`,
        firstName: 'C',
        lastName: 'R',
        address: '1 A St',
        city: 'Austin',
        state: 'TX',
        zip: '73301',
        country: 'US',
      });
      secrets.push(secret);
    }
    // Three are left aside: one of them is paid "at the provider" while the store is down.
    const aside = secrets.splice(60).map((secret) => secret.split('_secret_')[0]);
    // All pay at once; the server dies as the first answers come back.
    const paying = secrets.map((secret) =>
      post('/api/payments/test/confirm', { paymentIntentId: secret, cardNumber: '4242424242424242' }).catch(() => null),
    );
    await Promise.race(paying);
    await store.kill();
    await Promise.allSettled(paying);

    // The provider's record of a payment that succeeded with no store alive to complete it (as a
    // webhook-less crash leaves it), so the restart has at least one payment to reconcile.
    await query(`update payments set status = 'succeeded' where provider_payment_id = '${aside[0]}'`);
    const orphansBefore = await query<{ n: number }>(`
      select count(*)::int as n from payments p join orders o on o.payment_intent_id = p.provider_payment_id
      where p.status = 'succeeded' and o.status = 'pending'`);
    expect(orphansBefore[0]?.n).toBeGreaterThan(0);
    const succeeded = await query<{ n: number }>(`select count(*)::int as n from payments where status = 'succeeded'`);
    expect(succeeded[0]?.n).toBeGreaterThan(1);

    await store.restart();
    // Reconciliation runs right after the start.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const [left] = await query<{ n: number }>(`
        select count(*)::int as n from payments p join orders o on o.payment_intent_id = p.provider_payment_id
        where p.status = 'succeeded' and o.status = 'pending'`);
      if (left?.n === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const orphans = await query<{ n: number }>(`
      select count(*)::int as n from payments p join orders o on o.payment_intent_id = p.provider_payment_id
      where p.status = 'succeeded' and o.status = 'pending'`);
    expect(orphans[0]?.n).toBe(0);
    const paid = await query<{ n: number }>(`select count(*)::int as n from orders where status = 'paid'`);
    expect(paid[0]?.n).toBe(succeeded[0]?.n);
    const stock = await query<{ inventory: number }>('select inventory from products where id = 5');
    expect(stock[0]?.inventory).toBeGreaterThanOrEqual(0);
    // The two left aside were never paid: they stay pending.
    const untouched = await query<{ status: string }>(
      `select status from orders where payment_intent_id in ('${aside[1]}', '${aside[2]}')`,
    );
    expect(untouched.map((r) => r.status)).toEqual(['pending', 'pending']);
  }, 90_000);
});
