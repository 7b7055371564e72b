import { spawn } from 'node:child_process';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signedIn } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count, secretOf, shopper } from '../support/checkout.ts';
import { FAKE_KEYS, type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
import { freePort } from '../support/store-process.ts';

/**
 * Test payments cannot take real orders by accident: a public (https) store refuses to start on
 * the built-in test provider unless told to, every order records whether real money moved, the
 * dashboard sees it, and revenue counts only live orders.
 */

/** Starts src/server/main.ts as production does and says how it ended (or that it answered). */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; answered: boolean }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  let answered = false;
  while (!answered && child.exitCode === null && Date.now() < deadline) {
    answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!answered) await new Promise((r) => setTimeout(r, 200));
  }
  if (child.exitCode === null) child.kill('SIGTERM');
  return { code: await exited, stderr, answered };
}

describe('starting a public store', () => {
  it('refuses the test payment provider on an https PUBLIC_URL', async () => {
    const refused = await start({ PUBLIC_URL: 'https://shop.example.com' });
    expect(refused.answered).toBe(false);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('PUBLIC_URL is https:// but no Stripe keys are set');
    expect(refused.stderr).toContain('ALLOW_TEST_PAYMENTS=true');
    // ALLOW_TEST_PAYMENTS=true and the other cases: src/server/config.test.ts.
  }, 120_000);
});

describe('payment mode on orders', () => {
  let fake: FakeStripe;
  const stores: TestApp[] = [];
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await fake?.close();
  });

  /** A store with the test provider, or Stripe with test or live keys; one paid order in it. */
  async function storeWithOrder(keys: 'builtin' | 'stripe-test' | 'stripe-live') {
    const stripe: Record<string, string> =
      keys === 'builtin'
        ? {}
        : {
            STRIPE_SECRET_KEY: keys === 'stripe-live' ? FAKE_KEYS.liveSecretKey : FAKE_KEYS.secretKey,
            STRIPE_PUBLISHABLE_KEY: FAKE_KEYS.publishableKey,
            STRIPE_WEBHOOK_SECRET: FAKE_KEYS.webhookSecret,
            STRIPE_API_URL: fake.url,
          };
    const t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...stripe });
    stores.push(t);
    const s = shopper(t.app);
    await s.add(5, 1);
    const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId);
    if (keys === 'builtin') await s.pay(secret);
    else {
      const u = new URL(fake.url);
      const browser = new Stripe(FAKE_KEYS.secretKey, { host: u.hostname, port: u.port, protocol: 'http', maxNetworkRetries: 0 });
      await browser.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    }
    expect((await s.complete(paymentIntentId)).statusCode).toBe(200);
    return { t, admin: await signedIn(t.app) };
  }

  it('records test for the built-in provider and Stripe test keys, live for live keys; revenue counts live only', async () => {
    for (const [keys, mode] of [
      ['builtin', 'test'],
      ['stripe-test', 'test'],
      ['stripe-live', 'live'],
    ] as const) {
      const { t, admin } = await storeWithOrder(keys);
      const [order] = (await admin.call('GET', '/api/orders')).json();
      expect(order, keys).toMatchObject({ status: 'paid', paymentMode: mode, total: '22.90' });
      expect(await count(t.app, 'orders', `payment_mode = '${mode}'`)).toBe(1);
      const { business } = (await admin.call('GET', '/api/analytics')).json();
      if (mode === 'live') {
        expect(business.totalRevenue).toBe('22.90');
        expect(business.testOrders).toEqual({ count: 0, total: '0.00' });
      } else {
        expect(business.totalRevenue).toBe('0.00');
        expect(business.averageOrderValue).toBe('0.00');
        expect(business.totalCustomers).toBe(0);
        expect(business.testOrders).toEqual({ count: 1, total: '22.90' });
      }
    }
  }, 120_000);
});
