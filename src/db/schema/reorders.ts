import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Owned by the reorders domain (docs/decisions/0051): the one reorder reminder an order whose
 * shopper asked for it gets. Its primary key makes it one; written with the e-mail in one
 * transaction, whichever instance's sweep gets there.
 */
export const reorderReminders = pgTable(
  'reorder_reminders',
  {
    orderId: integer('order_id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reorder_reminders_email_idx').on(t.email), index('reorder_reminders_sent_idx').on(t.sentAt)],
);

/**
 * Owned by the reorders domain: each cart a reminder's Reorder link filled, so the orders paid from
 * that cart afterwards count as its reorders. The cart's session id is kept as its SHA-256 (hex):
 * the table names carts without holding the keys that open them.
 */
export const reorderVisits = pgTable(
  'reorder_visits',
  {
    reminderOrderId: integer('reminder_order_id').notNull(),
    sessionHash: text('session_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reminderOrderId, t.sessionHash] }),
    index('reorder_visits_session_idx').on(t.sessionHash),
    index('reorder_visits_at_idx').on(t.at),
  ],
);
