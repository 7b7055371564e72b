import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DISPUTE_STATUSES } from '../../shared/disputes.ts';
import { orders } from './orders.ts';

/**
 * Owned by the orders domain. One row per Stripe dispute (docs/decisions/0059), kept from its
 * signed webhooks: what Stripe says of it, and the order its payment paid (null when the store
 * knows no such payment: kept and logged, never acted on).
 */
export const orderDisputes = pgTable(
  'order_disputes',
  {
    /** Stripe's dispute id (du_…). */
    id: text('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    chargeId: text('charge_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    isChargeRefundable: boolean('is_charge_refundable').notNull(),
    /** What Stripe withdrew from the balance for it, and gave back (its funds_withdrawn / funds_reinstated events). */
    withdrawnCents: integer('withdrawn_cents').notNull().default(0),
    reinstatedCents: integer('reinstated_cents').notNull().default(0),
    /** Stripe's `created` of the dispute. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The `created` time of the newest event read into this row: an older one never overwrites it. */
    eventAt: bigint('event_at', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_disputes_order_idx').on(t.orderId),
    check('order_disputes_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);
