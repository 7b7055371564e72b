import type { Database } from '#db/client.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import * as repo from './repo.ts';
import { createTestProvider, hashSecret } from './test-provider.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Payments for orders, through one provider: Stripe when configured, else the built-in test
 * provider. The store records each payment and its last known status; the provider decides.
 */
export function createPaymentsService(db: Database, provider?: PaymentProvider) {
  const test = provider ? undefined : createTestProvider(db);
  const active: PaymentProvider = provider ?? (test as PaymentProvider);

  return {
    providerName: active.name,

    /** A payment for an order's total; called outside any transaction (it may call the provider). */
    async createForOrder(orderId: number, amountCents: number): Promise<{ id: string; clientSecret: string }> {
      const created = await active.create({ orderId, amountCents, currency: 'usd', idempotencyKey: `order-${orderId}` });
      await repo.insertPayment(db, {
        orderId,
        provider: active.name,
        providerPaymentId: created.id,
        clientSecretHash: hashSecret(created.clientSecret),
        amountCents,
        currency: 'usd',
      });
      return created;
    },

    /** The provider's answer for a payment, recorded locally. null for an unknown id. */
    async retrieve(id: string): Promise<ProviderPayment | null> {
      const p = await active.retrieve(id);
      if (p && active.name !== 'test') await repo.updatePaymentStatus(db, active.name, id, p.status, p.lastError);
      return p;
    },

    cancel: (id: string) => active.cancel(id),

    /** The test provider's card form; undefined when Stripe is the provider. */
    confirmTest: test ? (idOrSecret: string, cardNumber: string) => test.confirm(idOrSecret, cardNumber) : undefined,

    recordEvent: (v: Parameters<typeof repo.recordEvent>[1]) => repo.recordEvent(db, v),
  };
}
