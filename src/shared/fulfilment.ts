import { z } from 'zod';
import { idParam } from './validation.ts';

/** Postage and labels from the order card (docs/product.md §7 "Labels", docs/decisions/0036). */

/** One way to send a parcel, as the label provider prices it. */
export interface ShippingRate {
  id: string;
  carrier: string;
  service: string;
  /** A decimal string. */
  cost: string;
  /** Business days in transit as the carrier estimates them; null when it gives none. */
  deliveryDays: number | null;
}

/** POST /api/orders/:id/rates: the rates for the order's parcel, cheapest first; `quoteId` names them to buy one. */
export interface ShippingQuote {
  quoteId: number;
  provider: 'builtin' | 'easypost';
  rates: ShippingRate[];
}

/**
 * POST /api/orders/:id/create-label: the rate chosen from a quote; without a body, the cheapest rate
 * of a new quote (a store with one rate, or a one-click label).
 */
export const CreateLabelBodySchema = z
  .union([
    z.strictObject({
      quoteId: idParam,
      rateId: z
        .string({ error: 'rateId must be text' })
        .regex(/^[A-Za-z0-9_-]{1,100}$/, 'rateId must be a rate id from the quote'),
    }),
    z.null(),
  ])
  .optional();
export type CreateLabelBody = z.input<typeof CreateLabelBodySchema>;
