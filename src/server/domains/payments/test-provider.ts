import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { type PaymentProvider, type PaymentStatus, RefundRefusedError, type SavedPaymentMethod } from './provider.ts';
import * as repo from './repo.ts';
import { createTestSetups, type TestSetupOutcome } from './test-setups.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Stripe's test cards (docs/engineering.md §4.4). Any other number is refused, as Stripe refuses real cards in test mode. */
const CARDS: Record<string, { status: PaymentStatus; message?: string; declinesOffSession?: boolean }> = {
  '4242424242424242': { status: 'succeeded' },
  '4000000000000002': { status: 'requires_payment_method', message: 'Your card was declined.' },
  '4000000000009995': { status: 'requires_payment_method', message: 'Your card has insufficient funds.' },
  // Stripe's "attaches, but every charge fails". Here its first payment succeeds and the card is
  // saved, declining every later off-session charge: a subscription whose renewals fail can be
  // made through the checkout (docs/decisions/0052 says why this differs from Stripe).
  '4000000000000341': { status: 'succeeded', declinesOffSession: true },
};

/** The id of the card a test payment saves: one per payment, so confirming it again saves nothing more. */
const savedMethodIdOf = (paymentId: string) => `pm_test_${hashSecret(`saved:${paymentId}`).slice(0, 24)}`;

export type TestConfirmOutcome =
  | { found: false }
  | { found: true; paymentId: string; status: 'succeeded' | 'requires_payment_method'; message?: string };

/**
 * The built-in payment provider for a store without Stripe keys: payments live in the `payments`
 * table, with ids and client secrets shaped like Stripe's. No money moves; card numbers are only
 * compared with the test cards, never stored or logged.
 */
export function createTestProvider(db: Database): PaymentProvider & {
  confirm(idOrSecret: string, cardNumber: string): Promise<TestConfirmOutcome>;
  paymentIdOf(idOrSecret: string): Promise<string | null>;
  confirmSetup(idOrSecret: string, cardNumber: string): Promise<TestSetupOutcome>;
} {
  const setups = createTestSetups(db, hashSecret);
  /** The payment an id (or a whole client secret, which must then be the right one) names; null when none. */
  async function paymentIdOf(idOrSecret: string): Promise<string | null> {
    const id = idOrSecret.split('_secret_')[0] ?? '';
    const row = await repo.selectPayment(db, 'test', id);
    if (!row) return null;
    if (idOrSecret.includes('_secret_') && row.clientSecretHash) {
      const a = Buffer.from(hashSecret(idOrSecret));
      const b = Buffer.from(row.clientSecretHash);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    }
    return id;
  }

  /** The card a payment saved, as Stripe reports a PaymentIntent's payment method; null when none was saved. */
  async function savedOf(paymentId: string, customerId: string): Promise<SavedPaymentMethod | null> {
    const card = await repo.selectTestMethod(db, savedMethodIdOf(paymentId));
    if (!card || card.customerId !== customerId) return null;
    return { customerId, paymentMethodId: card.id, brand: card.brand, last4: card.last4 };
  }

  return {
    name: 'test',
    mode: 'test',
    paymentIdOf,
    startSetup: setups.startSetup,
    finishSetup: setups.finishSetup,
    confirmSetup: setups.confirmSetup,

    async create({ saveForLater }) {
      const id = `pi_${random(24)}`;
      // A payment that saves its card names the customer it is saved for (kept on its row by the service).
      return {
        id,
        clientSecret: `${id}_secret_${random(24)}`,
        ...(saveForLater ? { customerId: `cus_test_${random(14)}` } : {}),
      };
    },

    async retrieve(id) {
      const row = await repo.selectPayment(db, 'test', id);
      if (!row) return null;
      return {
        id,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        lastError: row.lastError,
        // Its only form is the test card form.
        methodKind: row.status === 'succeeded' ? 'card' : null,
        saved: row.status === 'succeeded' && row.customerId ? await savedOf(id, row.customerId) : null,
      };
    },

    async refund({ paymentId, amountCents, idempotencyKey, refundRef }) {
      const refundId = `re_${hashSecret(idempotencyKey).slice(0, 24)}`;
      await db.transaction(async (tx) => {
        // Refused: thrown inside, so the refund's record rolls back with it.
        if ((await repo.insertTestRefund(tx, { refundId, paymentId, amountCents })) === 'refused') {
          throw new RefundRefusedError('The payment cannot be refunded by this amount: it is not paid, or less is left on it');
        }
      });
      return { id: refundId, paymentId, amountCents, status: 'succeeded', failureReason: null, storeRef: refundRef };
    },

    async chargeSaved({ orderId, amountCents, currency, customerId, paymentMethodId, idempotencyKey }) {
      const id = `pi_${hashSecret(`off-session:${idempotencyKey}`).slice(0, 24)}`;
      const card = await repo.selectTestMethod(db, paymentMethodId);
      const message =
        !card || card.customerId !== customerId
          ? 'The saved card is no longer available.'
          : card.declinesOffSession
            ? 'Your card was declined.'
            : null;
      // The same key answers what the first charge did, as Stripe's idempotency does.
      const row = await repo.insertSettledPayment(db, {
        orderId,
        provider: 'test',
        providerPaymentId: id,
        amountCents,
        currency,
        status: message ? 'requires_payment_method' : 'succeeded',
        lastError: message,
      });
      return { id, status: row.status, message: row.lastError };
    },

    async updateAmount(id, amountCents) {
      if (!(await repo.updateOpenAmount(db, 'test', id, amountCents))) {
        throw new Error(`Payment ${id} is paid, cancelled or unknown: its amount cannot change`);
      }
    },

    async cancel(id) {
      await repo.updatePaymentStatus(db, 'test', id, 'canceled', null, 'succeeded');
    },

    async confirm(idOrSecret, cardNumber) {
      const id = await paymentIdOf(idOrSecret);
      const row = id ? await repo.selectPayment(db, 'test', id) : undefined;
      if (!id || !row) return { found: false };
      if (row.status === 'succeeded') return { found: true, paymentId: id, status: 'succeeded' };
      if (row.status === 'canceled') {
        return { found: true, paymentId: id, status: 'requires_payment_method', message: 'This payment has expired.' };
      }
      const card = CARDS[cardNumber.replace(/[\s-]/g, '')] ?? {
        status: 'requires_payment_method' as const,
        message: 'Your card was declined. Use a test card, such as 4242 4242 4242 4242.',
      };
      const status = card.status === 'succeeded' ? 'succeeded' : 'requires_payment_method';
      // A payment made to save its card keeps it, with how the test card behaves off-session.
      if (status === 'succeeded' && row.customerId) {
        await repo.insertTestMethod(db, {
          id: savedMethodIdOf(id),
          customerId: row.customerId,
          last4: cardNumber.replace(/[\s-]/g, '').slice(-4),
          declinesOffSession: card.declinesOffSession ?? false,
        });
      }
      await repo.updatePaymentStatus(db, 'test', id, status, card.message ?? null, 'succeeded');
      return { found: true, paymentId: id, status, message: card.message };
    },
  };
}
