import { z } from 'zod';
import { SHIPPING_CLASSES } from './ground-only.ts';
import { singleLine } from './validation.ts';

const UN_NUMBER = /^UN ?(\d{4})$/i;
const UN_NUMBER_MESSAGE = 'Enter a UN number like UN1993 (UN and four digits), or leave it empty';

/**
 * The UN number from the safety data sheet: `UN1993`, `un 1993` or `1993` is kept as `UN1993`; empty
 * or null is none (null also comes back from a form that parsed it once).
 */
export const UnNumberSchema = singleLine(10, UN_NUMBER_MESSAGE)
  .transform((v) => (/^\d{4}$/.test(v) ? `UN${v}` : v))
  .refine((v) => v === '' || UN_NUMBER.test(v), UN_NUMBER_MESSAGE)
  .transform((v) => (v === '' ? null : `UN${UN_NUMBER.exec(v)?.[1]}`))
  .nullable();

/** The proper shipping name beside it on the safety data sheet; empty or null is none. */
export const ProperShippingNameSchema = singleLine(200, 'Proper shipping name must be at most 200 characters')
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const ShippingClassSchema = z.enum(SHIPPING_CLASSES, {
  error: 'Shipping class must be standard or limited-quantity',
});
