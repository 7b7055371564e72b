import type { PAYMENT_STATUSES } from '#db/schema/payments.ts';
import type { DisputeFacts } from '#shared/disputes.ts';

/** The payment provider seen by the store: the built-in test provider or Stripe (docs/engineering.md §4). */

/** Stripe's PaymentIntent statuses (the payments table's list); the test provider uses a few of them. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  /** What was received when it succeeded, else what is asked. */
  amountCents: number;
  currency: string;
  lastError: string | null;
  /**
   * What it is being paid with: 'card', a card wallet ('apple_pay', 'google_pay', …), 'link', or
   * another Stripe payment method type; null while nothing has been charged (docs/decisions/0042).
   */
  methodKind: string | null;
  /**
   * The payment method kept for later payments without the shopper, when the payment was created
   * with `saveForLater` and succeeded (Stripe: `setup_future_usage: 'off_session'`); else null.
   */
  saved?: SavedPaymentMethod | null;
}

/** A payment method the provider keeps for a customer, for off-session payments (subscriptions, docs/decisions/0052). */
export interface SavedPaymentMethod {
  customerId: string;
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
}

/** An off-session payment's outcome: 'succeeded', or declined with the provider's reason (or another status to look at later). */
export interface OffSessionOutcome {
  id: string;
  status: PaymentStatus;
  message: string | null;
}

/** A refund as the provider reports it. 'pending' counts as given back until the provider says it failed. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  failureReason: string | null;
  /** The store's own refund id it was made for (kept with the provider), null for one made elsewhere. */
  storeRef: number | null;
}

/** A verified provider event about one payment (a webhook), reduced to what the store acts on. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment it concerns; null for events about anything else. */
  paymentId: string | null;
  /**
   * 'succeeded' → complete the order; 'failed' → record the failure; 'refunds' → the payment's
   * refunds as the provider knows them (made here or in its dashboard); 'other' → only recorded.
   */
  outcome: 'succeeded' | 'failed' | 'refunds' | 'dispute' | 'other';
  lastError: string | null;
  /** With outcome 'refunds': the refunds the event names. */
  refunds?: ProviderRefund[];
  /** With outcome 'dispute': the dispute as the event shows it (docs/decisions/0059). */
  dispute?: ProviderDispute;
  /** When the provider made the event (Unix seconds): an older event never overwrites what a newer one said. */
  created?: number;
}

/** A dispute (chargeback or inquiry) of a payment, as Stripe's Dispute object describes it. */
export type ProviderDispute = DisputeFacts;

/** The provider refused a refund (more than is left on the payment, a payment it cannot refund): no money moved. */
export class RefundRefusedError extends Error {}

/** Who pays and where the parcel goes, sent with a confirmation (Stripe's fraud checks read them). */
export interface PaymentParty {
  email: string;
  name: string;
  phone: string | null;
  address: { line1: string; city: string; state: string; postalCode: string; country: string };
}

/** A confirmation's outcome, as Stripe's confirm answers it. */
export interface ConfirmOutcome {
  status: PaymentStatus;
  /** Why it was declined or refused, in words for the shopper. */
  message: string | null;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** 'live' only when real money moves (Stripe live keys); orders record it and revenue counts only live ones. */
  readonly mode: 'test' | 'live';
  /** Creates a payment for an order; the same idempotency key never creates a second one. */
  create(input: {
    orderId: number;
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
    /** Keep the payment method for later off-session payments, for this customer (a subscription's first order). */
    saveForLater?: { email: string; name: string };
  }): Promise<{
    id: string;
    clientSecret: string;
    /** With `saveForLater`: the provider's customer the payment method is kept for. */
    customerId?: string;
  }>;
  /** The provider's own view of a payment: the only thing the store trusts. null when unknown. */
  retrieve(id: string): Promise<ProviderPayment | null>;
  /**
   * Gives back part or all of a succeeded payment; the same idempotency key never refunds twice.
   * Throws RefundRefusedError when the provider refuses it; any other error leaves it unknown.
   */
  refund(input: { paymentId: string; amountCents: number; idempotencyKey: string; refundRef: number }): Promise<ProviderRefund>;
  /**
   * Changes what an unpaid payment asks for (a discount put on or taken off the order); throws when
   * the provider refuses, as it does once the payment is paid, processing or cancelled.
   */
  updateAmount(id: string, amountCents: number): Promise<void>;
  /**
   * Confirms an unpaid payment from the server, with what the browser collected (a ConfirmationToken)
   * or, after the shopper's bank authenticated them, with what it has. Absent for the test
   * provider, whose card form has a call of its own.
   */
  confirmOnServer?(input: { id: string; confirmationToken: string | null; party: PaymentParty }): Promise<ConfirmOutcome>;
  /**
   * Charges a saved payment method without the shopper (a subscription's renewal): created and
   * confirmed at once, off-session; the same idempotency key never charges twice.
   */
  chargeSaved?(input: {
    orderId: number;
    amountCents: number;
    currency: 'usd';
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<OffSessionOutcome>;
  /** Starts saving a new payment method for a customer (the shopper replaces their card): Stripe's SetupIntent. */
  startSetup?(input: { customerId: string }): Promise<{ id: string; clientSecret: string }>;
  /**
   * Confirms a customer's setup from the server with what the browser's card form collected (a
   * ConfirmationToken), or again after the bank authenticated the shopper; `foreign` when the setup
   * is another customer's (nothing is confirmed).
   */
  confirmSetupOnServer?(input: { id: string; customerId: string; confirmationToken: string | null }): Promise<{
    status: 'succeeded' | 'requires_action' | 'requires_payment_method';
    message: string | null;
    foreign?: boolean;
  }>;
  /** The payment method a finished setup saved; null while it is not finished. */
  finishSetup?(setupId: string): Promise<SavedPaymentMethod | null>;
  /** Cancels an unpaid payment (an expired order); does nothing to a settled one. */
  cancel(id: string): Promise<void>;
  /**
   * Verifies a webhook against its raw body and signature header and reads it; throws
   * WebhookSignatureError when it is not the provider's. Absent for providers without webhooks.
   */
  parseWebhook?(rawBody: Buffer, signature: string): ProviderEvent;
}

export class WebhookSignatureError extends Error {}

/** A signed event whose object is not what its type says (the store writes nothing for it). */
export class WebhookMalformedError extends Error {}
