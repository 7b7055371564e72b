import { z } from 'zod';
import type { RestoreResult, UnsubscribeView } from './recovery.ts';

/** The checkout reminder's two links' answers (docs/decisions/0023, 0041). */

export const RestoreResultSchema = z
  .object({
    restored: z
      .array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() }))
      .describe('The lines now in the cart, with the quantity each holds'),
    missing: z.array(z.string()).describe('Names of the checkout’s products no longer sold or out of stock'),
    shipping: z
      .object({
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        phone: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
        country: z.string(),
      })
      .describe('The checkout’s shipping details, for its form'),
  })
  .meta({ id: 'RestoreResult' }) satisfies z.ZodType<RestoreResult>;

export const UnsubscribeViewSchema = z
  .object({
    email: z.string().describe('The address the link is for, lower case'),
    unsubscribed: z.boolean().describe('Whether it gets no more reminders'),
  })
  .meta({ id: 'UnsubscribeView' }) satisfies z.ZodType<UnsubscribeView>;
