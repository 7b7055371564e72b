import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Owned by the admin-auth domain. Passwords are argon2id hashes. `envPasswordHash` is a hash of the
 * last ADMIN_PASSWORD applied at a start, so a start applies it only when it changed (ADR 0017).
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    envPasswordHash: text('env_password_hash'),
    /** What the admin may do (#shared/staff.ts; docs/decisions/0057): 'owner', 'fulfilment' or 'support'. */
    role: text('role').notNull().default('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_users_username_uq').on(t.username),
    check('admin_users_role', sql`${t.role} in ('owner', 'fulfilment', 'support')`),
  ],
);

/** Server-side sessions: only the SHA-256 of the 256-bit cookie token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** What the admin's list of sessions names it by: neither the token nor its hash (docs/decisions/0056). */
    publicId: uuid('public_id').notNull().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('admin_sessions_user_idx').on(t.adminUserId),
    index('admin_sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('admin_sessions_public_id_uq').on(t.publicId),
  ],
);

/**
 * Trusted devices (ADR 0017): browsers that signed in as this admin before. Only the SHA-256 of
 * the device cookie's 256-bit token is stored; a password change removes them.
 */
export const adminDevices = pgTable(
  'admin_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('admin_devices_user_idx').on(t.adminUserId), index('admin_devices_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every instance (login throttling, review verification, …). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
