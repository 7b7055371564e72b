import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Owned by the recovery domain (docs/decisions/0041): the one reminder a checkout left at the
 * payment step gets. Its primary key makes it one; written with the e-mail in one transaction.
 */
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    orderId: integer('order_id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its link brought the cart back. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('checkout_reminders_email_idx').on(t.email), index('checkout_reminders_sent_idx').on(t.sentAt)],
);

/** Owned by the recovery domain: addresses that asked for no more reminders (lower case). */
export const mailUnsubscribes = pgTable('mail_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
