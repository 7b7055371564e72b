import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { testPaymentMethods, testSetups } from '#db/schema/index.ts';
import type { SavedPaymentMethod } from './provider.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Stripe's test cards a setup saves (docs/engineering.md §4.4); 0341 saves, then every charge without the shopper is declined. */
const SAVES: Record<string, { declinesOffSession: boolean }> = {
  '4242424242424242': { declinesOffSession: false },
  '4000000000000341': { declinesOffSession: true },
};
const DECLINED: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

class SetupTaken extends Error {}

export type TestSetupOutcome =
  | { found: false }
  | { found: true; setupId: string; status: 'succeeded' | 'requires_payment_method'; message?: string };

/**
 * The built-in provider's card setups (docs/decisions/0054), shaped like Stripe's SetupIntents:
 * started for a customer, confirmed with a test card number (never stored: only its last four
 * digits, on the saved method), then read back as the payment method it saved.
 */
export function createTestSetups(db: Database, hashSecret: (s: string) => string) {
  async function setupOf(idOrSecret: string) {
    const id = idOrSecret.split('_secret_')[0] ?? '';
    const [row] = await db.select().from(testSetups).where(eq(testSetups.id, id)).limit(1);
    if (!row) return null;
    if (idOrSecret.includes('_secret_')) {
      const a = Buffer.from(hashSecret(idOrSecret));
      const b = Buffer.from(row.clientSecretHash);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    }
    return row;
  }

  return {
    async startSetup({ customerId }: { customerId: string }): Promise<{ id: string; clientSecret: string }> {
      const id = `seti_${random(24)}`;
      const clientSecret = `${id}_secret_${random(24)}`;
      await db.insert(testSetups).values({ id, customerId, clientSecretHash: hashSecret(clientSecret) });
      return { id, clientSecret };
    },

    /** The test card form of a setup: a test card that saves is kept for the setup's customer; once saved, the setup is done. */
    async confirmSetup(idOrSecret: string, cardNumber: string): Promise<TestSetupOutcome> {
      const setup = await setupOf(idOrSecret);
      if (!setup) return { found: false };
      if (setup.paymentMethodId) return { found: true, setupId: setup.id, status: 'succeeded' };
      const number = cardNumber.replace(/[\s-]/g, '');
      const saves = SAVES[number];
      if (!saves) {
        const message = DECLINED[number] ?? 'Your card was declined. Use a test card, such as 4242 4242 4242 4242.';
        return { found: true, setupId: setup.id, status: 'requires_payment_method', message };
      }
      const paymentMethodId = `pm_${random(24)}`;
      // A second confirmation racing this one saves nothing more: the setup keeps one card.
      await db
        .transaction(async (tx) => {
          await tx.insert(testPaymentMethods).values({
            id: paymentMethodId,
            customerId: setup.customerId,
            last4: number.slice(-4),
            declinesOffSession: saves.declinesOffSession,
          });
          const done = await tx
            .update(testSetups)
            .set({ paymentMethodId })
            .where(and(eq(testSetups.id, setup.id), isNull(testSetups.paymentMethodId)))
            .returning({ id: testSetups.id });
          if (done.length === 0) throw new SetupTaken();
        })
        .catch((err: unknown) => {
          if (!(err instanceof SetupTaken)) throw err;
        });
      return { found: true, setupId: setup.id, status: 'succeeded' };
    },

    async finishSetup(setupId: string): Promise<SavedPaymentMethod | null> {
      const [row] = await db
        .select({ customerId: testSetups.customerId, method: testPaymentMethods })
        .from(testSetups)
        .innerJoin(testPaymentMethods, eq(testPaymentMethods.id, testSetups.paymentMethodId))
        .where(eq(testSetups.id, setupId))
        .limit(1);
      if (!row) return null;
      return { customerId: row.customerId, paymentMethodId: row.method.id, brand: row.method.brand, last4: row.method.last4 };
    },
  };
}
