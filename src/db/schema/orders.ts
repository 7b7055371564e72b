import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../shared/admin.ts';
import { ORDER_EVENT_TYPES } from '../../shared/order-events.ts';
import { REFUND_STATUSES } from '../../shared/refunds.ts';

export { ORDER_STATUSES };

/** What the owner's search matches, lower case: first and last name, e-mail, payment id. */
export const orderSearchText = (t: { firstName: unknown; lastName: unknown; email: unknown; paymentIntentId: unknown }) =>
  sql`(lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.paymentIntentId}, '')))`;

/**
 * Owned by the orders domain. An order is created 'pending' at checkout with its items and stock
 * reserved; it becomes 'paid' once the provider confirms the payment for its total.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    sessionId: text('session_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The provider's payment id; null only for the moment between reserving stock and the provider's answer. */
    paymentIntentId: text('payment_intent_id'),
    /** Why a payment did not make the order paid although it succeeded (e.g. amount differs from the total). */
    paymentIssue: text('payment_issue'),
    currency: text('currency').notNull().default('usd'),
    /** 'test' when no real money moved (the built-in provider, Stripe test keys): never counted as revenue. */
    paymentMode: text('payment_mode', { enum: ['test', 'live'] })
      .notNull()
      .default('live'),
    /** How it was paid, as the provider reports it: card, apple_pay, google_pay, link, … (docs/decisions/0042). */
    paymentMethodKind: text('payment_method_kind'),
    /** The first-party analytics session that started the checkout: a paid order converts that session once. */
    analyticsSessionId: text('analytics_session_id'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /**
     * The shipping offer the checkout started with (docs/decisions/0039): its rate, and the subtotal
     * after discounts that ships free (null: none). A discount code prices the checkout again with
     * it. Null rate: an order from before it was kept (the store's offer now applies).
     */
    shippingRateCents: integer('shipping_rate_cents'),
    freeShippingOverCents: integer('free_shipping_over_cents'),
    /** The discount code applied (as typed by the owner, upper case) and what it took off the subtotal. */
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * Sales tax on its lines and shipping (docs/decisions/0047), from the tax calculation named by
     * `taxCalculationId`; 0 without a tax provider. `shippingTaxCents` is the shipping's part of it;
     * each line's part is on its item. The total is subtotal − discount + shipping + tax.
     */
    taxCents: integer('tax_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /** The tax provider's calculation of the checkout's tax; null before the shipping step or without a provider. */
    taxCalculationId: text('tax_calculation_id'),
    /** What that calculation covered (lines after discount, shipping, address): it no longer matches once any changes. */
    taxBasis: text('tax_basis'),
    /** The tax transaction recorded from the calculation once the order was paid (what the provider reports as collected). */
    taxTransactionId: text('tax_transaction_id'),
    totalCents: integer('total_cents').notNull(),
    /** What its refunds take back: accepted ones, and those the provider has not answered yet. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The tax part of `refundedCents`. */
    refundedTaxCents: integer('refunded_tax_cents').notNull().default(0),
    /** Its dispute's latest Stripe status (docs/decisions/0059), null when none; the disputes are in `order_disputes`. */
    disputeStatus: text('dispute_status'),
    /** What its lost disputes took back, counted out of revenue as a refund is (never more than was left after refunds). */
    disputeLostCents: integer('dispute_lost_cents').notNull().default(0),
    /** The tax part of `disputeLostCents`. */
    disputeLostTaxCents: integer('dispute_lost_tax_cents').notNull().default(0),
    /** When the owner allowed labels for it despite its dispute; null while they have not. */
    disputeOverrideAt: timestamp('dispute_override_at', { withTimezone: true }),
    /** Units of its lines, 3-packs and the rest, kept by a trigger on its items (migration 0013) for the sales figures. */
    singleUnits: integer('single_units').notNull().default(0),
    bundleUnits: integer('bundle_units').notNull().default(0),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    shippingAddress: text('shipping_address'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country'),
    /**
     * When the shipping step that saved these details confirmed the buyer's age, and the age it
     * confirmed (the store's minimum then: 18 or 21); null when that step confirmed none (ADR 0048).
     */
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    ageConfirmed: integer('age_confirmed'),
    /** When the shipping step's "E-mail me news and offers" was ticked, and its wording then; null: not ticked (ADR 0049). */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    marketingConsentText: text('marketing_consent_text'),
    /**
     * When the shipping step's "Remind me when I may be running low" was ticked, and its wording then;
     * null: not ticked (docs/decisions/0051).
     */
    reorderReminderAt: timestamp('reorder_reminder_at', { withTimezone: true }),
    reorderReminderText: text('reorder_reminder_text'),
    /**
     * A checkout holding a subscription line: when its shipping step's consent box was ticked, the
     * terms it agreed to, word for word, and the shopper's network then (docs/decisions/0052).
     */
    subscriptionConsentAt: timestamp('subscription_consent_at', { withTimezone: true }),
    subscriptionConsentText: text('subscription_consent_text'),
    subscriptionConsentNetwork: text('subscription_consent_network'),
    /**
     * A renewal: the subscription it renews and the renewal date it was made for; the pair is
     * unique, so a renewal is made once whichever instance's sweep gets there (docs/decisions/0052).
     */
    subscriptionId: integer('subscription_id'),
    renewalDueAt: timestamp('renewal_due_at', { withTimezone: true }),
    /** When the customer's personal details were erased from this order at their request (ADR 0049). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    shippingCarrier: text('shipping_carrier'),
    shippingService: text('shipping_service'),
    shippingCostCents: integer('shipping_cost_cents'),
    labelUrl: text('label_url'),
    /** The carrier's public tracking page for the label's parcel; null when it cannot be followed online. */
    trackingUrl: text('tracking_url'),
    /** When the reserved stock of an unpaid order went back on the shelf (payment failed or expired). */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** An unpaid checkout closes at this time: its hold ends and its payment is cancelled. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When an unpaid checkout was closed (its payment cancelled); it is no longer listed or payable. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    confirmationEmailSentAt: timestamp('confirmation_email_sent_at', { withTimezone: true }),
    shippedEmailSentAt: timestamp('shipped_email_sent_at', { withTimezone: true }),
    deliveredEmailSentAt: timestamp('delivered_email_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_payment_intent_uq').on(t.paymentIntentId),
    uniqueIndex('orders_tracking_uq').on(t.trackingNumber),
    uniqueIndex('orders_renewal_uq').on(t.subscriptionId, t.renewalDueAt),
    index('orders_session_status_idx').on(t.sessionId, t.status),
    index('orders_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending' and ${t.expiredAt} is null`),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // Revenue by day reads the orders paid in a period (the legacy orders without paid_at by their creation).
    index('orders_paid_time_idx').on(sql`coalesce(${t.paidAt}, ${t.createdAt})`),
    index('orders_created_idx').on(t.createdAt),
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    // The reorder reminders' sweep reads the paid orders whose shopper asked for one (docs/decisions/0051).
    index('orders_reorder_optin_idx').on(t.id).where(sql`${t.reorderReminderAt} is not null and ${t.paidAt} is not null`),
    // The owner's search (GET /api/orders?q=): trigrams of the text it matches, so a search of any
    // part of a name, an e-mail or a payment id is an index lookup. The searches use the same
    // orderSearchText, so the expression cannot drift.
    // The owner's lists of payment problems and of closed checkouts, newest first, without a scan.
    index('orders_payment_issue_idx').on(t.id).where(sql`${t.paymentIssue} is not null`),
    index('orders_closed_idx').on(t.id).where(sql`${t.status} = 'pending' and ${t.expiredAt} is not null`),
    // The Disputes list and the lost disputes counted out of revenue, without a scan.
    index('orders_disputed_idx').on(t.id).where(sql`${t.disputeStatus} is not null`),
    index('orders_search_trgm_idx').using('gin', sql`${orderSearchText(t)} gin_trgm_ops`),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('orders_discount_within_subtotal', sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents}`),
    check('orders_refunded_within_total', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    check(
      'orders_tax_nonnegative',
      sql`${t.taxCents} >= 0 and ${t.shippingTaxCents} >= 0 and ${t.shippingTaxCents} <= ${t.taxCents}`,
    ),
    check(
      'orders_dispute_lost_within_total',
      sql`${t.disputeLostCents} >= 0 and ${t.disputeLostCents} <= ${t.totalCents} and ${t.disputeLostTaxCents} >= 0`,
    ),
    check('orders_refunded_tax_within_tax', sql`${t.refundedTaxCents} >= 0 and ${t.refundedTaxCents} <= ${t.taxCents}`),
    // Paid orders with a tax transaction still to record (the minute sweep records it).
    index('orders_tax_unrecorded_idx')
      .on(t.id)
      .where(sql`${t.taxCalculationId} is not null and ${t.taxTransactionId} is null and ${t.paidAt} is not null`),
  ],
);

/** Snapshots: name and unit price copied at purchase, so editing a product never rewrites history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's share of the order's discount code (docs/decisions/0040): what a refund of its units leaves out. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The line's sales tax (docs/decisions/0047): what a refund of its units gives back besides its price. */
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * A subscription line (docs/decisions/0052): how often it comes, and the subscription discount
     * its unit price already takes off (unitPriceCents is the discounted price); null for one-time lines.
     */
    subscriptionIntervalWeeks: integer('subscription_interval_weeks'),
    subscriptionDiscountPercent: integer('subscription_discount_percent'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Owned by the orders domain. An order's history: each event with its time, what it was, a line
 * for the owner and who did it (the shopper, the store, the payment provider, or the admin's name).
 * The owner's notes are events too. Gone with its order.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    type: text('type', { enum: ORDER_EVENT_TYPES }).notNull(),
    message: text('message').notNull(),
    /** The line the shopper reads on their order page; null for what only the owner sees (notes, e-mails, payments). */
    shopperMessage: text('shopper_message'),
    actor: text('actor').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Owned by the orders domain. Money given back on an order, through its payment provider: written
 * 'pending' (with the amount taken off what is left to refund) before the provider is asked, then
 * 'succeeded' or 'failed' by its answer. `requestKey` makes a refund sent twice one refund;
 * `providerRefundId` makes a provider's refund (made here or in its dashboard) one row.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The sales tax part of the amount (docs/decisions/0047). */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The tax provider's reversal of that tax, once recorded; null while none is (or none is needed). */
    taxReversalId: text('tax_reversal_id'),
    reason: text('reason'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The order is cancelled when this refund succeeds (a cancellation of a paid order). */
    cancelsOrder: boolean('cancels_order').notNull().default(false),
    requestKey: text('request_key'),
    /**
     * sha256 (hex) of the request a client's `Idempotency-Key` came with: the key is bound to it, so
     * the same key with another request is refused rather than answered with this refund. Null for
     * the store's own keys (a return's, a cancellation's) and for refunds recorded before keys were bound.
     */
    requestHash: text('request_hash'),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    /** The return whose lines it refunds (returns domain): its e-mail says the return is refunded. */
    returnId: integer('return_id'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    uniqueIndex('order_refunds_request_uq').on(t.orderId, t.requestKey),
    uniqueIndex('order_refunds_provider_uq').on(t.providerRefundId),
    index('order_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('order_refunds_tax_within_amount', sql`${t.taxCents} >= 0 and ${t.taxCents} <= ${t.amountCents}`),
    // Succeeded refunds whose tax is still to reverse (the minute sweep reverses it).
    index('order_refunds_tax_unreversed_idx')
      .on(t.id)
      .where(sql`${t.taxCents} > 0 and ${t.taxReversalId} is null and ${t.status} = 'succeeded'`),
  ],
);

/** The lines a refund gives money back for, and whether each went back in stock. */
export const orderRefundItems = pgTable(
  'order_refund_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    restock: boolean('restock').notNull(),
  },
  (t) => [
    index('order_refund_items_refund_idx').on(t.refundId),
    check('order_refund_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
