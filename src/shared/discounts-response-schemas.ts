import { z } from 'zod';
import { type AdminDiscount, DISCOUNT_KINDS } from './discounts.ts';
import { isoTime, moneyText, utcDay } from './response-schemas.ts';

/** The discount codes' answers to the owner (docs/decisions/0023, 0040). */

export const AdminDiscountSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string().describe('percent: "10"; fixed: "5.00"'),
    minSubtotal: moneyText.nullable(),
    startsOn: utcDay.nullable(),
    endsOn: utcDay.nullable(),
    usageLimit: z.number().int().nullable(),
    oncePerEmail: z.boolean(),
    productIds: z.array(z.number().int()).nullable().describe('The products it applies to; null: every product'),
    active: z.boolean(),
    used: z.number().int().describe('Uses taken: by paid orders, and by open checkouts that hold one'),
    redeemed: z.number().int().describe('Uses by paid orders'),
    savedTotal: moneyText.describe('What paid orders saved with it'),
    state: z.enum(['live', 'scheduled', 'expired', 'used up', 'inactive']),
    updatedAt: isoTime,
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminDiscount' }) satisfies z.ZodType<AdminDiscount>;

export const AdminDiscountListSchema = z.array(AdminDiscountSchema).meta({ id: 'AdminDiscountList' });
