import { z } from 'zod';
import { moneyText } from './response-schemas.ts';
import type { ReorderResult } from './reorders.ts';

/** The reorder reminder's link's answer (docs/decisions/0023, 0051). */
export const ReorderResultSchema = z
  .object({
    restored: z
      .array(
        z.object({
          productId: z.number().int(),
          name: z.string(),
          quantity: z.number().int(),
          unitPrice: moneyText.describe('Today’s price of one'),
        }),
      )
      .describe('The lines now in the cart, with the quantity each holds, at today’s prices'),
    missing: z.array(z.string()).describe('Names of the order’s products no longer sold or out of stock'),
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
      .describe('The order’s shipping details, for the checkout’s form'),
  })
  .meta({ id: 'ReorderResult' }) satisfies z.ZodType<ReorderResult>;
