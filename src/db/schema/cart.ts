import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

/** Owned by the cart domain. Item ids are random 144-bit tokens, so they cannot be guessed. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Subscribe and save (docs/decisions/0052): the line comes every so many weeks; null: one-time. */
    subscriptionIntervalWeeks: integer('subscription_interval_weeks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_session_product_uq').on(t.sessionId, t.productId),
    index('cart_items_updated_idx').on(t.updatedAt),
    check('cart_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
    check(
      'cart_items_subscription_interval',
      sql`${t.subscriptionIntervalWeeks} is null or ${t.subscriptionIntervalWeeks} between 1 and 52`,
    ),
  ],
);
