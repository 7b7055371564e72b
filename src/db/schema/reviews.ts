import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

/** Owned by the reviews domain. One review per e-mail (case-insensitive) per product. */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: integer('order_id'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_email_uq').on(t.productId, sql`lower(${t.customerEmail})`),
    index('reviews_product_approved_idx').on(t.productId, t.isApproved, t.createdAt),
    // The dashboard's Pending Approval list, a page at a time, newest first.
    index('reviews_pending_idx').on(t.id).where(sql`not ${t.isApproved}`),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * One-time codes that prove a shopper controls an e-mail address before the store says whether it
 * bought a product (docs/decisions/0021). Only an HMAC of the code is kept; a new code for the same
 * address and product replaces the previous one.
 */
export const reviewVerifications = pgTable(
  'review_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text('email').notNull(),
    productId: integer('product_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used, or replaced by a newer code. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_verifications_email_product_idx').on(t.email, t.productId),
    index('review_verifications_expires_idx').on(t.expiresAt),
  ],
);
