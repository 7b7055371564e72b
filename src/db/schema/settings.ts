import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Owned by the settings domain (docs/decisions/0039): the store's settings the owner edits in the
 * dashboard, one row. Written at the first start from the environment (SUPPORT_EMAIL, SUPPORT_PHONE,
 * OWNER_EMAIL) and the store's defaults; from then on the dashboard's.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The flat shipping rate of an order. */
    shippingRateCents: integer('shipping_rate_cents').notNull(),
    /** Orders whose subtotal after discounts reaches this ship free; null: never. */
    freeShippingOverCents: integer('free_shipping_over_cents'),
    supportEmail: text('support_email').notNull(),
    supportPhone: text('support_phone').notNull(),
    /** Where the owner's alerts go (low stock, returns); null: none are sent. */
    ownerEmail: text('owner_email'),
    /**
     * The store's postal address, printed under the marketing e-mails (the checkout and reorder
     * reminders), as CAN-SPAM asks of commercial e-mail (docs/decisions/0051); null: not given yet.
     */
    postalAddress: text('postal_address'),
    /** Hours after which a checkout left at the payment step gets its one reminder; null: off. */
    reminderDelayHours: integer('reminder_delay_hours'),
    /**
     * Whether limited-quantity (ground-only) parcels go to Alaska, Hawaii and the US territories,
     * where ground means weeks by sea (docs/decisions/0046); off until the owner turns it on.
     */
    hazmatToRemoteStates: boolean('hazmat_to_remote_states').notNull().default(false),
    /** The age a buyer confirms at the shipping step, 18 or 21; null: the store asks none (ADR 0048). */
    minimumAge: integer('minimum_age').default(18),
    /**
     * Days one bottle lasts: a reorder reminder goes this many days per bottle bought after the
     * order's delivery (docs/decisions/0051); null: no reorder reminders.
     */
    reorderReminderDays: integer('reorder_reminder_days').default(21),
    /** Every admin must have a second factor (a passkey or an authenticator app) to use the dashboard (docs/decisions/0056). */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    check('store_settings_one_row', sql`${t.id} = 1`),
    check('store_settings_shipping_rate', sql`${t.shippingRateCents} between 0 and 100000`),
    check(
      'store_settings_free_over',
      sql`${t.freeShippingOverCents} is null or ${t.freeShippingOverCents} between 0 and 100000000`,
    ),
    check('store_settings_minimum_age', sql`${t.minimumAge} is null or ${t.minimumAge} in (18, 21)`),
    check(
      'store_settings_reorder_reminder_days',
      sql`${t.reorderReminderDays} is null or ${t.reorderReminderDays} between 7 and 120`,
    ),
    check('store_settings_reminder_delay', sql`${t.reminderDelayHours} is null or ${t.reminderDelayHours} between 1 and 48`),
  ],
);
