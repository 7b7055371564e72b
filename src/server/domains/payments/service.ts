import type { Database } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  type ConfirmOutcome,
  type OffSessionOutcome,
  type PaymentParty,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  type SavedPaymentMethod,
  WebhookMalformedError,
  WebhookSignatureError,
} from './provider.ts';
import * as repo from './repo.ts';
import { createTestProvider, hashSecret } from './test-provider.ts';

const SETUP_UNAVAILABLE = 'Card changes are not available with this payment provider yet. Please contact us to change your card.';

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export {
  type OffSessionOutcome,
  type PaymentParty,
  type ProviderDispute,
  type ProviderRefund,
  RefundRefusedError,
  type SavedPaymentMethod,
} from './provider.ts';

/**
 * Payments for orders, through one provider: Stripe when configured, else the built-in test
 * provider. The store records each payment and its last known status; the provider decides.
 */
export function createPaymentsService(db: Database, provider?: PaymentProvider) {
  const test = provider ? undefined : createTestProvider(db);
  const active: PaymentProvider = provider ?? (test as PaymentProvider);

  return {
    providerName: active.name,
    /** 'test' or 'live': recorded on every order. */
    mode: active.mode,

    /** A payment for an order's total; called outside any transaction (it may call the provider). */
    async createForOrder(
      orderId: number,
      amountCents: number,
      idempotencyKey: string,
      /** A subscription's first order (docs/decisions/0052): keep its payment method for later off-session payments. */
      saveForLater?: { email: string; name: string },
    ): Promise<{ id: string; clientSecret: string }> {
      const created = await active.create({
        orderId,
        amountCents,
        currency: 'usd',
        idempotencyKey,
        ...(saveForLater ? { saveForLater } : {}),
      });
      await repo.insertPayment(db, {
        customerId: created.customerId ?? null,
        orderId,
        provider: active.name,
        providerPaymentId: created.id,
        clientSecretHash: active.name === 'test' ? hashSecret(created.clientSecret) : null,
        amountCents,
        currency: 'usd',
      });
      return { id: created.id, clientSecret: created.clientSecret };
    },

    /**
     * Charges a saved payment method without the shopper, for an order (a subscription's renewal,
     * docs/decisions/0052), and records the payment with its outcome; the same idempotency key never
     * charges twice. Called outside any transaction.
     */
    async chargeSaved(input: {
      orderId: number;
      amountCents: number;
      customerId: string;
      paymentMethodId: string;
      idempotencyKey: string;
    }): Promise<OffSessionOutcome> {
      if (!active.chargeSaved) throw new AppError('unavailable', 'This payment provider cannot charge a saved card.');
      const outcome = await active.chargeSaved({ ...input, currency: 'usd' });
      if (active.name !== 'test') {
        await repo.insertSettledPayment(db, {
          orderId: input.orderId,
          provider: active.name,
          providerPaymentId: outcome.id,
          amountCents: input.amountCents,
          currency: 'usd',
          status: outcome.status,
          lastError: outcome.message,
        });
        await repo.updatePaymentStatus(db, active.name, outcome.id, outcome.status, outcome.message, 'succeeded');
      }
      return outcome;
    },

    /**
     * Starts saving a new card for a customer (the shopper replaces a subscription's card,
     * docs/decisions/0054): Stripe's SetupIntent, or the test provider's. 503 when the provider has none.
     */
    async startSetup(customerId: string): Promise<{ setupId: string; clientSecret: string; provider: 'test' | 'stripe' }> {
      if (!active.startSetup) throw new AppError('unavailable', SETUP_UNAVAILABLE);
      const { id, clientSecret } = await active.startSetup({ customerId });
      return { setupId: id, clientSecret, provider: active.name };
    },

    /**
     * Confirms a customer's setup from the server with the card form's ConfirmationToken (Stripe,
     * as its payments are, docs/decisions/0043); `foreign` for another customer's setup. 503 without setups.
     */
    async confirmSetup(setupId: string, customerId: string, confirmationToken: string | null) {
      if (!active.confirmSetupOnServer) throw new AppError('unavailable', SETUP_UNAVAILABLE);
      return active.confirmSetupOnServer({ id: setupId, customerId, confirmationToken });
    },

    /** The card a finished setup saved; null while it is not finished. 503 when the provider has no setups. */
    async finishSetup(setupId: string): Promise<SavedPaymentMethod | null> {
      if (!active.finishSetup) throw new AppError('unavailable', SETUP_UNAVAILABLE);
      return active.finishSetup(setupId);
    },

    /** The test provider's card form for a setup; undefined when Stripe is the provider. */
    confirmTestSetup: test ? (idOrSecret: string, cardNumber: string) => test.confirmSetup(idOrSecret, cardNumber) : undefined,

    /** The provider's answer for a payment, recorded locally. null for an unknown id. */
    async retrieve(id: string): Promise<ProviderPayment | null> {
      const p = await active.retrieve(id);
      if (p && active.name !== 'test') await repo.updatePaymentStatus(db, active.name, id, p.status, p.lastError);
      return p;
    },

    cancel: (id: string) => active.cancel(id),

    /** Whether payments are confirmed by the server with what the browser collected (Stripe). */
    confirmsOnServer: Boolean(active.confirmOnServer),

    /** Confirms a payment from the server (Stripe); its outcome recorded. 404 for a provider without it. */
    async confirm(id: string, confirmationToken: string | null, party: PaymentParty): Promise<ConfirmOutcome> {
      if (!active.confirmOnServer) throw notFound('Payment');
      const outcome = await active.confirmOnServer({ id, confirmationToken, party });
      await repo.updatePaymentStatus(db, active.name, id, outcome.status, outcome.message, 'succeeded');
      return outcome;
    },

    /** Changes what an unpaid payment asks for, at the provider and in the store's record; throws when the provider refuses. */
    async updateAmount(id: string, amountCents: number): Promise<void> {
      await active.updateAmount(id, amountCents);
      if (active.name !== 'test') await repo.updateOpenAmount(db, active.name, id, amountCents);
    },

    /**
     * Gives back part of a payment through the provider; `refundRef` is the store's refund id, and
     * its idempotency key, so asking again for the same refund never refunds twice.
     */
    refund: (paymentId: string, amountCents: number, refundRef: number) =>
      active.refund({ paymentId, amountCents, refundRef, idempotencyKey: `store-refund-${refundRef}` }),

    /** The test provider's card form; undefined when Stripe is the provider. */
    confirmTest: test ? (idOrSecret: string, cardNumber: string) => test.confirm(idOrSecret, cardNumber) : undefined,
    /** The test provider's payment an id or client secret names (a wrong secret names none); undefined with Stripe. */
    testPaymentIdOf: test ? (idOrSecret: string) => test.paymentIdOf(idOrSecret) : undefined,

    /** Of these payment ids, those known here to have succeeded (the test provider's own record, Stripe's last answer or webhook). */
    succeededAmong: (ids: string[]) => repo.selectSucceeded(db, active.name, ids),

    /** Whether the provider sends webhooks (Stripe). */
    acceptsWebhooks: Boolean(active.parseWebhook),

    /** A webhook, verified against its raw body; 400 when the signature is not the provider's. */
    parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!active.parseWebhook) throw notFound('Webhook');
      if (!signature) throw new AppError('bad_request', 'Missing Stripe-Signature header');
      try {
        return active.parseWebhook(rawBody, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('bad_request', 'Invalid webhook signature');
        if (err instanceof WebhookMalformedError) throw new AppError('bad_request', err.message);
        throw err;
      }
    },

    /** Whether an event was processed already (a replay does nothing). */
    eventProcessed: (eventId: string) => repo.eventExists(db, active.name, eventId),

    /** Records a processed event (not its body, which may hold personal data); false when it was recorded already. */
    recordEvent: (e: ProviderEvent) =>
      repo.recordEvent(db, {
        provider: active.name,
        eventId: e.id,
        type: e.type,
        providerPaymentId: e.paymentId,
        payload: { outcome: e.outcome, lastError: e.lastError },
      }),

    /** A failed attempt as the provider reported it; a succeeded payment is never overwritten. */
    async recordFailure(paymentId: string, message: string | null): Promise<void> {
      await repo.updatePaymentStatus(db, active.name, paymentId, 'requires_payment_method', message, 'succeeded');
    },
  };
}
