import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Owned by the privacy domain (docs/decisions/0049): each erasure of a customer's details the owner
 * made, when and by whom. Not the address: a keyed hash of it (HMAC-SHA256 with the store's secret),
 * which tells the owner an address was erased only to someone who knows the address.
 */
export const privacyErasures = pgTable(
  'privacy_erasures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    addressHash: text('address_hash').notNull(),
    erasedBy: text('erased_by').notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('privacy_erasures_hash_idx').on(t.addressHash)],
);
