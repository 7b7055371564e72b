/** The payment provider seen by the store: the built-in test provider or Stripe (DESIGN §4). */
export type PaymentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  lastError: string | null;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Creates a payment for an order; the same idempotency key never creates a second one. */
  create(input: { orderId: number; amountCents: number; currency: 'usd'; idempotencyKey: string }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  /** The provider's own view of a payment: the only thing the store trusts. null when unknown. */
  retrieve(id: string): Promise<ProviderPayment | null>;
  /** Cancels an unpaid payment (an expired order); does nothing to a settled one. */
  cancel(id: string): Promise<void>;
}
