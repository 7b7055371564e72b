import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'expired'] as const;

/**
 * Owned by the mail outbox (server/lib/mail-outbox.ts): every e-mail the store sends, written when
 * it becomes due (in the same transaction as what made it due) and delivered in the background,
 * retried with backoff until sent or out of attempts. `key` makes a message unique ("one
 * confirmation per order"); the bodies are erased once the message is finished.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    /** What the message is about (an order id), handed to the kind's "delivered" hook. */
    ref: integer('ref'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /**
     * Header fields of the message's own (a reminder's List-Unsubscribe and List-Unsubscribe-Post,
     * RFC 8058); null for most. Erased with the bodies.
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While 'sending': until when the claim holds; a claim past it (a crashed sender) is taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Not sent after this (a verification code that has expired). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_key_uq').on(t.key),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
