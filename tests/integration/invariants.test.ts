import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ADMIN, ownerStore, signedIn } from '../support/admin.ts';
import type { TestApp } from '../support/app.ts';
import { checkInvariants, searched, startRun, storeCommands, type StoreUnderTest } from '../support/store-model.ts';
import { FAKE_KEYS } from '../support/fake-stripe.ts';
import { startStripeStore } from '../support/stripe-store.ts';

/**
 * The store's money and stock invariants, searched by random sequences of shoppers' and the
 * owner's actions (tests/support/store-model.ts; issue "Money that cannot leak", item 13), with the
 * built-in payment provider and no sales tax, and with Stripe (its local fake, webhooks replayed,
 * disputes opened, won and lost) and sales tax through Stripe Tax (the same fake; docs/decisions/0047, 0059).
 *
 * On PGlite (`npm test`'s api layer) a fixed seed and a short budget. On PostgreSQL (the pg layer) a
 * new seed each time, printed, and a longer budget. A failure prints its seed and the shortest
 * sequence of steps that breaks an invariant; `MODEL_SEED=<seed>` replays it, `MODEL_RUNS=<n>` and
 * `MODEL_STEPS=<n>` search longer.
 */
const onPg = process.env.TEST_DB === 'pg';
const seed = Number(process.env.MODEL_SEED ?? (onPg ? Date.now() % 2_147_483_647 : 20261127));
const numRuns = Number(process.env.MODEL_RUNS ?? (onPg ? 40 : 25));
const maxCommands = Number(process.env.MODEL_STEPS ?? (onPg ? 60 : 40));

/** The random steps all come from a few addresses: the limits meant for strangers are out of the way. */
const NO_LIMITS = {
  RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: '100000',
  RATE_LIMIT_CART_PER_MINUTE: '100000',
  RATE_LIMIT_RETURN_REQUESTS_PER_HOUR: '100000',
  RATE_LIMIT_HOLD_PER_MINUTE: '100000',
  RATE_LIMIT_PRIVACY_REQUESTS_PER_MINUTE: '100000',
};

async function search(real: StoreUnderTest, withStripe: boolean) {
  console.log(`model-based invariants: seed ${seed}, ${numRuns} runs of up to ${maxCommands} steps (MODEL_SEED=${seed} replays)`);
  await fc.assert(
    fc.asyncProperty(fc.commands(storeCommands(withStripe), { maxCommands, size: 'max' }), async (commands) => {
      const model = await startRun(real);
      await checkInvariants(model, real);
      await fc.asyncModelRun(() => ({ model, real }), commands);
    }),
    { seed, numRuns, endOnFailure: false, interruptAfterTimeLimit: onPg ? 600_000 : 240_000 },
  );
  console.log(`reached: ${[...searched].map(([what, n]) => `${what} ${n}`).join(', ')}`);
  searched.clear();
}

describe('the store’s invariants under random sequences of shoppers’ and the owner’s actions', () => {
  describe('with the built-in payment provider', () => {
    let t: TestApp;
    let real: StoreUnderTest;
    beforeAll(async () => {
      const store = await ownerStore(NO_LIMITS);
      t = store.t;
      real = { app: t.app, cookie: store.admin.cookie };
    });
    afterAll(() => t?.close());

    it('keep money and stock whole after every step', async () => {
      await search(real, false);
    }, 900_000);
  });

  describe('with Stripe, and sales tax through Stripe Tax', () => {
    let store: Awaited<ReturnType<typeof startStripeStore>>;
    let real: StoreUnderTest;
    beforeAll(async () => {
      store = await startStripeStore({
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        TAX_PROVIDER: 'stripe',
        // Live keys: its orders count in revenue, which disputes lost take from (docs/decisions/0059).
        STRIPE_SECRET_KEY: FAKE_KEYS.liveSecretKey,
        ...NO_LIMITS,
      });
      const owner = await signedIn(store.t.app);
      real = { app: store.t.app, cookie: owner.cookie, stripe: { fake: store.fake, client: store.stripeClient }, taxed: true };
    });
    afterAll(() => store?.close());

    it('keep money, tax and stock whole after every step, webhooks replayed', async () => {
      await search(real, true);
    }, 900_000);
  });
});
