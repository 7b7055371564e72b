import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const SHIPMENT_DIRECTIONS = ['outbound', 'return'] as const;
/**
 * quoted: rates asked for; buying: one request is buying a rate; purchased: the label exists and is
 * kept; voided: given back (voided by the owner, or bought but not kept, or a claim whose request died).
 */
export const SHIPMENT_STATUSES = ['quoted', 'buying', 'purchased', 'voided'] as const;

export interface StoredRate {
  id: string;
  carrier: string;
  service: string;
  costCents: number;
  deliveryDays: number | null;
}

/**
 * Owned by the fulfilment domain (docs/decisions/0036): every parcel the store asked a label
 * provider about, to the shopper or back from them, with the rates it was quoted, the one bought,
 * the label and the carrier's tracking. An order has at most one outbound parcel bought or being
 * bought at a time; a return has at most one.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id').notNull(),
    /** The return this parcel brings back (returns domain); null for the parcel to the shopper. */
    returnId: integer('return_id'),
    direction: text('direction', { enum: SHIPMENT_DIRECTIONS }).notNull(),
    provider: text('provider', { enum: ['builtin', 'easypost'] }).notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    rates: jsonb('rates').$type<StoredRate[]>().notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('quoted'),
    rateId: text('rate_id'),
    carrier: text('carrier'),
    service: text('service'),
    costCents: integer('cost_cents'),
    trackingCode: text('tracking_code'),
    trackingUrl: text('tracking_url'),
    /** The carrier's latest word on the parcel (tracking webhooks). */
    trackingStatus: text('tracking_status'),
    /** The carrier's estimate of the delivery day, YYYY-MM-DD. */
    estimatedDelivery: text('estimated_delivery'),
    /** The label's PDF in the file store ('labels'). */
    labelFile: text('label_file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a request claimed it to buy a rate: a claim older than a few minutes is of a request that died. */
    buyingStartedAt: timestamp('buying_started_at', { withTimezone: true }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId),
    uniqueIndex('shipments_provider_shipment_uq').on(t.provider, t.providerShipmentId),
    uniqueIndex('shipments_tracking_uq').on(t.provider, t.trackingCode).where(sql`${t.trackingCode} is not null`),
    uniqueIndex('shipments_one_outbound_uq')
      .on(t.orderId)
      .where(sql`${t.direction} = 'outbound' and ${t.status} in ('buying', 'purchased')`),
    uniqueIndex('shipments_one_per_return_uq')
      .on(t.returnId)
      .where(sql`${t.returnId} is not null and ${t.status} in ('buying', 'purchased')`),
  ],
);

/**
 * Owned by the fulfilment domain. Each scan the carrier reported for a parcel, once: the same
 * scan in a replayed or later webhook is not recorded again, and so lands in the order's history once.
 */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    message: text('message').notNull(),
    location: text('location'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipment_scans_uq').on(t.shipmentId, t.at, t.status, t.message)],
);
