import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImageVariant } from '#shared/catalog.ts';
import { SHIPPING_CLASSES } from '#shared/ground-only.ts';
import { STOCK_MOVEMENT_REASONS } from '#shared/stock-movements.ts';

/** Owned by the catalog domain. Money in integer cents; ids come from an identity and are never reused. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    compareAtCents: integer('compare_at_cents'),
    imageUrl: text('image_url').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    inventory: integer('inventory').notNull().default(0),
    displayOrder: integer('display_order').notNull().default(0),
    /** One unit's shipping weight with its own packing (a 3-pack's three bottles), for the parcel's postage. */
    weightGrams: integer('weight_grams').notNull().default(80),
    /**
     * How carriers may take it (docs/decisions/0046): `limited-quantity` is a hazardous material
     * carried by ground only, never by air, to a military post office or abroad.
     */
    shippingClass: text('shipping_class', { enum: SHIPPING_CLASSES }).notNull().default('standard'),
    /** From the product's safety data sheet (section 14), as the owner enters it: `UN1993`; null when not given. */
    unNumber: text('un_number'),
    /** The proper shipping name beside the UN number on the safety data sheet; null when not given. */
    properShippingName: text('proper_shipping_name'),
    /**
     * The owner has been told that the stock is low (docs/decisions/0029): set by the decrement that
     * takes it to STOCK_LOW_MAX or fewer, cleared when the stock is back above it.
     */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    /**
     * Subscribe and save (docs/decisions/0052): the intervals in weeks a shopper may choose, and the
     * percent taken off each subscription unit; no intervals: the product is sold one-time only.
     */
    subscriptionIntervalsWeeks: jsonb('subscription_intervals_weeks').$type<number[]>().notNull().default([]),
    subscriptionDiscountPercent: integer('subscription_discount_percent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('products_compare_at_nonnegative', sql`${t.compareAtCents} IS NULL OR ${t.compareAtCents} >= 0`),
    check('products_inventory_nonnegative', sql`${t.inventory} >= 0`),
    check('products_display_order_nonnegative', sql`${t.displayOrder} >= 0`),
    check('products_shipping_class', sql`${t.shippingClass} in ('standard', 'limited-quantity')`),
    check(
      'products_subscription_discount',
      sql`${t.subscriptionDiscountPercent} >= 0 and ${t.subscriptionDiscountPercent} <= 50`,
    ),
    check('products_un_number', sql`${t.unNumber} is null or ${t.unNumber} ~ '^UN[0-9]{4}$'`),
    index('products_active_order_idx').on(t.isActive, t.displayOrder, t.id),
  ],
);

/**
 * Every change of stock with its reason: held for a checkout, sold at payment (a checkout that held
 * nothing), back from a checkout that was not paid or that its cart replaced, the owner's changes,
 * the seed.
 * product_id is kept as a plain number so the history survives a product's deletion.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id').notNull(),
    delta: integer('delta').notNull(),
    inventoryAfter: integer('inventory_after').notNull(),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    orderId: integer('order_id'),
    note: text('note'),
    /** The admin who made the change; null for the store's own (checkout, release, seed). */
    actor: text('actor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A product's history newest first, a page at a time (GET /api/admin/products/:id/stock-movements).
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id)],
);

/**
 * Stock held for open checkouts, one row per order and product (docs/decisions/0019). The units are
 * already off `products.inventory`; a row goes when its checkout is paid (the units are sold) or
 * its hold ends (they go back). `holder` is the network the checkout came from, kept only while
 * the hold lasts, so the units one address may hold can be capped.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    holder: text('holder').notNull(),
    /** The cart session whose checkout holds them: its own cart counts them as its own. */
    sessionId: text('session_id').notNull(),
    /** The hold lapses at this time unless its checkout page renews it. */
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** Its checkout closes at this time: the latest the units can come back. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    index('stock_holds_holder_idx').on(t.holder),
    index('stock_holds_until_idx').on(t.heldUntil),
    index('stock_holds_product_idx').on(t.productId),
    index('stock_holds_session_idx').on(t.sessionId),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The sizes made of each uploaded product image (docs/decisions/0030), keyed by the full image's
 * address, the one a product's `image_url` holds. The files themselves are the files domain's
 * (`stored_files`, folder `uploads`); every address is named by its content, so a row never changes.
 */
export const uploadedImages = pgTable('uploaded_images', {
  url: text('url').primaryKey(),
  /** Every size, smallest first; the last is the full image at `url`. */
  variants: jsonb('variants').$type<ImageVariant[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
