import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_EVENT_ACTORS, SUBSCRIPTION_STATUSES } from '../../shared/subscription-states.ts';

/**
 * Owned by the subscriptions domain (docs/decisions/0052): subscribe and save. A subscription is
 * made by the paid order whose checkout chose it, and renews itself every `intervalWeeks` with an
 * order of its own (orders.subscription_id), charged off-session to the payment method saved then.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** The order whose checkout started it; one subscription per order. */
    firstOrderId: integer('first_order_id').notNull(),
    /** Lower case; with the names and address, copied from the first order and changed only by the shopper's page. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    shippingAddress: text('shipping_address').notNull(),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingZip: text('shipping_zip').notNull(),
    shippingCountry: text('shipping_country').notNull().default('US'),
    intervalWeeks: integer('interval_weeks').notNull(),
    /** The percent taken off each renewal's units at that day's price: the one the shopper agreed to. */
    discountPercent: integer('discount_percent').notNull(),
    /** "Ask me first": a renewal is charged only once the shopper confirms it from its notice. */
    askFirst: boolean('ask_first').notNull().default(false),
    /** When the next renewal is due; kept while paused or cancelled, for the record. */
    nextRenewalAt: timestamp('next_renewal_at', { withTimezone: true }).notNull(),
    /** 'test' when no real money moves (the built-in provider, Stripe test keys), as on orders. */
    paymentMode: text('payment_mode', { enum: ['test', 'live'] }).notNull(),
    /** The provider's customer and saved payment method (Stripe: cus_…, pm_…; the built-in provider: its own). */
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The consent of the first order's checkout: when, the terms word for word, the shopper's network. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentText: text('consent_text').notNull(),
    consentNetwork: text('consent_network').notNull(),
    /** Failed charges of the renewal due at nextRenewalAt; the next try is at retryAt. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    lastFailure: text('last_failure'),
    /** The renewal date whose notice (3 days before) was sent. */
    noticeSentFor: timestamp('notice_sent_for', { withTimezone: true }),
    /** With askFirst: the renewal date the shopper confirmed from its notice. */
    confirmedFor: timestamp('confirmed_for', { withTimezone: true }),
    /** The last yearly reminder of the terms (California's automatic renewal law). */
    termsRemindedAt: timestamp('terms_reminded_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the customer's personal details were erased at their request (docs/decisions/0049). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_first_order_uq').on(t.firstOrderId),
    // The sweep's work: active subscriptions by their next renewal (and retry) time.
    index('subscriptions_due_idx').on(t.nextRenewalAt).where(sql`${t.status} = 'active'`),
    index('subscriptions_status_idx').on(t.status, t.id),
    index('subscriptions_email_idx').on(t.email),
    check('subscriptions_interval', sql`${t.intervalWeeks} between 1 and 52`),
    check('subscriptions_discount', sql`${t.discountPercent} >= 0 and ${t.discountPercent} <= 50`),
    check('subscriptions_failed_attempts', sql`${t.failedAttempts} >= 0`),
    check('subscriptions_status', sql`${t.status} in ('active', 'paused', 'cancelled')`),
  ],
);

/** What each renewal brings: products and quantities, priced at the renewal day's price. */
export const subscriptionItems = pgTable(
  'subscription_items',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** The product's name when subscribed, shown when the product is gone. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.productId] }),
    check('subscription_items_quantity', sql`${t.quantity} between 1 and 99`),
  ],
);

/** A subscription's history, for the owner and the shopper's page: each change, when and by whom. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** What happened: 'created', 'renewed', 'payment_failed', 'skipped', 'paused', … */
    kind: text('kind').notNull(),
    /** A line for the owner: "Renewed as order 1042 for $16.99". */
    detail: text('detail').notNull(),
    actor: text('actor', { enum: SUBSCRIPTION_EVENT_ACTORS }).notNull(),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.id)],
);
