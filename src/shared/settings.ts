import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { amountText, singleLine } from './validation.ts';

/** The store's settings, edited in the dashboard's Settings tab (docs/product.md §2, docs/decisions/0039). */
export interface StoreSettings {
  /** The flat shipping rate of an order, a decimal string. */
  shippingRate: string;
  /** Orders whose subtotal after discounts reaches this ship free, a decimal string; null: never. */
  freeShippingOver: string | null;
  supportEmail: string;
  supportPhone: string;
  /** Where the owner's alerts go (low stock, returns); null: none are sent. */
  ownerEmail: string | null;
  /** The store's postal address, printed under the reminder e-mails (CAN-SPAM, docs/decisions/0051); null: not given. */
  postalAddress: string | null;
  /** Hours after which a checkout left at the payment step gets its one reminder; null: off. */
  reminderDelayHours: number | null;
  /**
   * Whether limited-quantity (ground-only) orders may ship to Alaska, Hawaii and the US territories,
   * where ground means weeks by sea (docs/decisions/0046); off by default.
   */
  hazmatToRemoteStates: boolean;
  /** The age a buyer confirms at the shipping step, 18 or 21; null: the store asks none (docs/decisions/0048). */
  minimumAge: MinimumAge | null;
  /**
   * Days one bottle lasts: a reorder reminder goes this many days per bottle bought after delivery
   * to shoppers who asked for one (docs/decisions/0051); null: off.
   */
  reorderReminderDays: number | null;
  /** Every admin must sign in with a second factor (a passkey or an authenticator app; docs/decisions/0056). */
  requireSecondFactor: boolean;
  updatedAt: string;
  updatedBy: string | null;
}

export const MINIMUM_AGES = [18, 21] as const;
export type MinimumAge = (typeof MINIMUM_AGES)[number];

export const REMINDER_DELAY_MIN_HOURS = 1;
export const REMINDER_DELAY_MAX_HOURS = 48;

export const REORDER_REMINDER_MIN_DAYS = 7;
export const REORDER_REMINDER_MAX_DAYS = 120;
const reorderDaysRange = `The reorder reminder must be between ${REORDER_REMINDER_MIN_DAYS} and ${REORDER_REMINDER_MAX_DAYS} days, or off`;

/** An amount of the form: "Required" when missing or blank, then the shared amount's rules (validation.ts). */
const amount = (name: string, maxCents: number) => {
  const invalid = `${name} must be an amount such as 3.91`;
  return z
    .string({ error: (i) => (i.input === undefined ? REQUIRED : invalid) })
    .trim()
    .min(1, REQUIRED)
    .pipe(amountText({ invalid, maxCents, tooLarge: `${name} must be at most ${(maxCents / 100).toFixed(2)}` }));
};

/** PUT /api/admin/settings: every setting at once (the form sends them all). */
export const StoreSettingsBodySchema = z.strictObject({
  shippingRate: amount('The shipping rate', 100_000),
  freeShippingOver: amount('The free-shipping amount', 100_000_000).nullable(),
  supportEmail: singleLine(254)
    .min(1, REQUIRED)
    .pipe(z.email({ error: 'Enter an e-mail address' })),
  supportPhone: singleLine(40)
    .min(1, REQUIRED)
    .regex(/^[+\d][\d ()+.-]{2,39}$/, 'Enter a phone number (digits, spaces, + - ( ) .)'),
  ownerEmail: singleLine(254)
    .pipe(z.email({ error: 'Enter an e-mail address' }))
    .nullable(),
  /** Absent: unchanged; null: none. */
  postalAddress: singleLine(200).nullable().optional(),
  reminderDelayHours: z
    .number({ error: 'The reminder delay must be a whole number of hours, or off' })
    .int('The reminder delay must be a whole number of hours')
    .min(
      REMINDER_DELAY_MIN_HOURS,
      `The reminder delay must be between ${REMINDER_DELAY_MIN_HOURS} and ${REMINDER_DELAY_MAX_HOURS} hours`,
    )
    .max(
      REMINDER_DELAY_MAX_HOURS,
      `The reminder delay must be between ${REMINDER_DELAY_MIN_HOURS} and ${REMINDER_DELAY_MAX_HOURS} hours`,
    )
    .nullable(),
  /** Optional: a client that leaves it out keeps the setting as it is. */
  hazmatToRemoteStates: z.boolean({ error: 'hazmatToRemoteStates must be true or false' }).optional(),
  /** Absent: unchanged (a form from before the setting keeps it). */
  minimumAge: z.union([z.literal(18), z.literal(21), z.null()], { error: 'The minimum age must be 18, 21 or off' }).optional(),
  /** Absent: unchanged; null: no reorder reminders (docs/decisions/0051). */
  reorderReminderDays: z
    .number({ error: 'The reorder reminder must be a whole number of days, or off' })
    .int('The reorder reminder must be a whole number of days')
    .min(REORDER_REMINDER_MIN_DAYS, reorderDaysRange)
    .max(REORDER_REMINDER_MAX_DAYS, reorderDaysRange)
    .nullable()
    .optional(),
  /** Absent: unchanged (docs/decisions/0056). */
  requireSecondFactor: z.boolean({ error: 'requireSecondFactor must be true or false' }).optional(),
});
export type StoreSettingsBody = z.input<typeof StoreSettingsBodySchema>;
