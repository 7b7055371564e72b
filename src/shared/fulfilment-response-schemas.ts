import { z } from 'zod';
import type { ShippingQuote } from './fulfilment.ts';
import { AdminOrderSchema } from './orders-response-schemas.ts';
import { moneyText } from './response-schemas.ts';

/** Postage and labels' answers to the owner (docs/decisions/0023, 0036). */

export const ShippingQuoteSchema = z
  .object({
    quoteId: z.number().int().describe('Names these rates: buy one with POST /api/orders/{id}/create-label'),
    provider: z.enum(['builtin', 'easypost']),
    rates: z.array(
      z.object({
        id: z.string(),
        carrier: z.string(),
        service: z.string(),
        cost: moneyText,
        deliveryDays: z.number().int().nullable().describe('Business days in transit as the carrier estimates them'),
      }),
    ),
  })
  .meta({ id: 'ShippingQuote' }) satisfies z.ZodType<ShippingQuote>;

/** POST /api/orders/:id/create-label: the order with its label, and whether the label was printed. */
export const LabelCreatedSchema = z
  .object({
    order: AdminOrderSchema,
    printed: z.boolean(),
    message: z.string().describe('The print job’s state, or why nothing was printed'),
  })
  .meta({ id: 'LabelCreated' });
