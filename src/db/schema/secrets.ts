import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Owned by server/lib/server-secrets.ts: random secrets the store makes for itself at first start
 * (the key that signs review tokens), kept in the database so every instance uses the same one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** Hex of 32 random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
