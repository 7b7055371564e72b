import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '#shared/discounts.ts';

/** reserved: applied to an open checkout; redeemed: its order was paid; released: taken off or closed unpaid. */
export const REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const;

/**
 * Owned by the discounts domain (docs/decisions/0040): a code the owner made, its terms, and how
 * many of its uses are taken (reserved by open checkouts, or redeemed by paid orders).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, as shoppers' entries are compared. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** percent: 1 to 100. */
    percentOff: integer('percent_off'),
    /** fixed: the amount off, at most the eligible lines' worth. */
    amountOffCents: integer('amount_off_cents'),
    /** The least subtotal (before the discount) an order must reach; null: any. */
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many orders may use it in all; null: no limit. */
    usageLimit: integer('usage_limit'),
    /** An e-mail address may use it once. */
    oncePerEmail: boolean('once_per_email').notNull().default(true),
    /** The products it applies to; null: all of them. */
    productIds: jsonb('product_ids').$type<number[]>(),
    active: boolean('active').notNull().default(true),
    /** Uses reserved or redeemed: never above the usage limit (one conditional update takes a use). */
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(t.code),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null)
        or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    // The usage limit is kept by the conditional update that takes a use; an order paid after its
    // use was given back is counted even past it (docs/decisions/0040).
    check('discount_codes_used_count', sql`${t.usedCount} >= 0`),
  ],
);

/**
 * Owned by the discounts domain: one use of a code by one order, the e-mail address it was for once
 * known, and for a code allowed once per address, that address's mailbox (docs/decisions/0040).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    /** Lower case; null until the checkout's shipping details name it; always set once redeemed. */
    email: text('email'),
    /** The address's mailbox (src/shared/mailbox.ts), for a code allowed once per address only. */
    mailbox: text('mailbox'),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('reserved'),
    /**
     * A reserved use lasts while its checkout's page renews it, like a stock hold; the minute sweep
     * gives back one past this time, and the checkout takes it again before paying if one is left.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('discount_redemptions_discount_idx').on(t.discountId),
    uniqueIndex('discount_redemptions_open_order_uq').on(t.orderId).where(sql`${t.status} <> 'released'`),
    // Once per mailbox: a second reservation or use for the same mailbox is refused by the database.
    uniqueIndex('discount_redemptions_mailbox_uq')
      .on(t.discountId, t.mailbox)
      .where(sql`${t.mailbox} is not null and ${t.status} <> 'released'`),
    index('discount_redemptions_held_idx').on(t.heldUntil).where(sql`${t.status} = 'reserved'`),
  ],
);
