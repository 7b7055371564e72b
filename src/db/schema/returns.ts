import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '../../shared/returns.ts';

/**
 * Owned by the returns domain (docs/decisions/0037): a shopper's request to send lines of an order
 * back, and what became of it: approved (a return label made) or refused by the owner, then
 * received and its lines refunded through the order's refunds.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 101 }),
    orderId: integer('order_id').notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The shopper's words. */
    reason: text('reason').notNull(),
    /** The owner's words, when refused. */
    refusal: text('refusal'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A label is being made for it since then (one request at a time makes it). */
    labelStartedAt: timestamp('label_started_at', { withTimezone: true }),
    /** The carrier delivered the parcel back to the store (tracking). */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: text('received_by'),
    restocked: boolean('restocked'),
    /** The order's refund for its lines (orders domain). */
    refundId: integer('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.id),
    check('return_requests_reason_length', sql`char_length(${t.reason}) between 1 and 1000`),
  ],
);

/** The lines a return sends back. */
export const returnItems = pgTable(
  'return_items',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.productId] }), check('return_items_quantity_positive', sql`${t.quantity} > 0`)],
);
