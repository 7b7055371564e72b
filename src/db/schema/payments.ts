import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/** Stripe's PaymentIntent statuses, the one list: the column below and the payment providers use it. */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;

/** Owned by the payments domain: one row per payment attempt with a provider ('test' or 'stripe'). */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** Only the test provider keeps a hash of its client secret; Stripe keeps its own. */
    clientSecretHash: text('client_secret_hash'),
    amountCents: integer('amount_cents').notNull(),
    /** The test provider's own record of what it gave back (Stripe keeps its own). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** Stripe's PaymentIntent status, as last seen. */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    /**
     * Created to keep its payment method for later payments without the shopper (a subscription's
     * first order, docs/decisions/0052): the provider's customer it is kept for; null otherwise.
     */
    customerId: text('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** Provider events (webhooks) recorded by id, so a replayed event does nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    providerPaymentId: text('provider_payment_id'),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

/**
 * The built-in test provider's saved cards (docs/decisions/0052), as Stripe keeps a customer's
 * payment method for off-session payments: only the last four digits and how the test card behaves.
 */
export const testPaymentMethods = pgTable('test_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull().default('visa'),
  last4: text('last4').notNull(),
  /** Stripe's 4000 0000 0000 0341: saved, but every later charge is declined. */
  declinesOffSession: boolean('declines_off_session').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test provider's card setups (docs/decisions/0054), as Stripe's SetupIntents: a
 * customer saving a new card without a payment. The setup's client secret is kept only as a hash;
 * `paymentMethodId` is the card its confirmation saved.
 */
export const testSetups = pgTable('test_setups', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  clientSecretHash: text('client_secret_hash').notNull(),
  paymentMethodId: text('payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
