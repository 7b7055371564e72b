import { z } from 'zod';
import { DISCOUNT_CODE, DISCOUNT_CODE_FORMAT, DISCOUNT_KINDS } from './discounts.ts';
import { REQUIRED } from './messages.ts';
import { amountText, dayText } from './validation.ts';
import { parseCents } from './money.ts';

/** The discount codes' requests (docs/decisions/0040). */

const code = z
  .string({ error: (i) => (i.input === undefined ? REQUIRED : 'The code must be text') })
  .trim()
  .min(1, REQUIRED)
  .regex(DISCOUNT_CODE, DISCOUNT_CODE_FORMAT);

/** POST /api/checkout/:paymentIntentId/discount. */
export const ApplyDiscountBodySchema = z.strictObject({ code });

const amount = (invalid: string, maxCents = 999_999_999) => amountText({ invalid, maxCents, tooLarge: invalid });
const fixedAmount = amount('The amount off must be an amount such as 5.00, more than 0', 99_999_999);

/** POST /api/admin/discounts and PUT /api/admin/discounts/:id: a code's terms. */
export const DiscountBodySchema = z
  .strictObject({
    code,
    kind: z.enum(DISCOUNT_KINDS, { error: 'The kind must be percent or fixed' }),
    /** percent: a whole number 1 to 100; fixed: an amount such as 5.00. */
    value: z
      .string({ error: (i) => (i.input === undefined ? REQUIRED : 'The value must be text') })
      .trim()
      .min(1, REQUIRED),
    minSubtotal: amount('The minimum subtotal must be an amount such as 40.00').nullable(),
    startsOn: dayText('The start').nullable(),
    endsOn: dayText('The end').nullable(),
    usageLimit: z
      .number({ error: 'The usage limit must be a whole number' })
      .int('The usage limit must be a whole number')
      .min(1, 'The usage limit must be at least 1')
      .max(1_000_000, 'The usage limit must be at most 1000000')
      .nullable(),
    oncePerEmail: z.boolean({ error: 'oncePerEmail must be true or false' }),
    productIds: z
      .array(z.number({ error: 'Product ids are numbers' }).int().positive().max(2_147_483_647), {
        error: 'productIds must be a list of product ids, or null for every product',
      })
      .min(1, 'Choose at least one product, or all of them')
      .max(100, 'At most 100 products')
      .nullable(),
    active: z.boolean({ error: 'active must be true or false' }),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'percent' && !/^\d{1,3}$/.test(b.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100' });
    } else if (b.kind === 'percent' && (Number(b.value) < 1 || Number(b.value) > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100' });
    } else if (b.kind === 'fixed' && (!fixedAmount.safeParse(b.value).success || parseCents(b.value) <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'The amount off must be an amount such as 5.00, more than 0' });
    }
    if (b.startsOn && b.endsOn && b.endsOn < b.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end must not come before the start' });
    }
  });
export type DiscountBody = z.input<typeof DiscountBodySchema>;
export type DiscountValues = z.output<typeof DiscountBodySchema>;
