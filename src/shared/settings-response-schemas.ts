import { z } from 'zod';
import { isoTime, moneyText } from './response-schemas.ts';
import type { StoreSettings } from './settings.ts';

/** The store's settings as the owner reads them (docs/decisions/0023, 0039). */
export const StoreSettingsSchema = z
  .object({
    shippingRate: moneyText.describe('The flat shipping rate of an order'),
    freeShippingOver: moneyText.nullable().describe('Orders whose subtotal after discounts reaches this ship free; null: never'),
    supportEmail: z.string(),
    supportPhone: z.string(),
    ownerEmail: z.string().nullable().describe('Where the owner’s alerts go (low stock, returns); null: none are sent'),
    postalAddress: z
      .string()
      .nullable()
      .describe('The store’s postal address, printed under the reminder e-mails (CAN-SPAM); null: not given'),
    reminderDelayHours: z
      .number()
      .int()
      .nullable()
      .describe('Hours after which a checkout left at the payment step gets its one reminder; null: off'),
    hazmatToRemoteStates: z
      .boolean()
      .describe('Whether limited-quantity (ground-only) orders ship to Alaska, Hawaii and the US territories'),
    minimumAge: z
      .union([z.literal(18), z.literal(21)])
      .nullable()
      .describe('The age a buyer confirms at the shipping step; null: the store asks none'),
    reorderReminderDays: z
      .number()
      .int()
      .nullable()
      .describe('Days one bottle lasts: a reorder reminder goes this many days per bottle bought after delivery; null: off'),
    requireSecondFactor: z
      .boolean()
      .describe('Every admin must have a second factor (a passkey or an authenticator app) to use the dashboard'),
    updatedAt: isoTime,
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'StoreSettings' }) satisfies z.ZodType<StoreSettings>;
