import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin.ts';

/**
 * Owned by the staff domain (docs/decisions/0057): the one open set-password link of an invited
 * member. The link is signed; only the SHA-256 of its random nonce is kept, and the row goes when
 * the link is used, so a link works once.
 */
export const staffInvites = pgTable('staff_invites', {
  adminUserId: integer('admin_user_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  nonceHash: text('nonce_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
