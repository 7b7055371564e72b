import { createTestApp } from './app.ts';
import { startFakeStripe, stripeClientOf, stripeEnv } from './fake-stripe.ts';

/**
 * A store with the three Stripe variables pointing at a local fake of Stripe's API, checkout and
 * shipping limits out of the way, anything in `env` besides; with the shopper's side of Stripe
 * (what Stripe.js does in the browser) through the real SDK.
 */
export async function startStripeStore(env: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    ...stripeEnv(fake),
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
    ...env,
  });
  return {
    fake,
    t,
    stripeClient: stripeClientOf(fake),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
