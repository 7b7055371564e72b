import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { EACH_PRODUCT_ONCE, eachProductOnce, OrderLineSchema } from './refunds.ts';
import {
  RETURN_LINES_MAX,
  RETURN_REASON_MAX,
  RETURN_REFUSAL_MAX,
  RETURN_STATUSES,
  RETURNS_PAGE_DEFAULT,
  RETURNS_PAGE_MAX,
} from './returns.ts';
import { amountText, idParam, multiLine } from './validation.ts';

/** The returns' requests, shared by the server and the dashboard (docs/product.md §7 "Returns"). */

/** POST /api/order-status/:token/returns: the lines to send back and why. */
export const ReturnRequestBodySchema = z.strictObject({
  items: z
    .array(OrderLineSchema, { error: 'items must be a list of {productId, quantity}' })
    .min(1, 'Choose at least one item to return')
    .max(RETURN_LINES_MAX, `items must name at most ${RETURN_LINES_MAX} lines`)
    .refine(eachProductOnce, EACH_PRODUCT_ONCE),
  reason: multiLine(RETURN_REASON_MAX, `The reason must be at most ${RETURN_REASON_MAX} characters`).min(
    1,
    'Tell us why you are returning it',
  ),
});
export type ReturnRequestBody = z.input<typeof ReturnRequestBodySchema>;

/** POST /api/admin/returns/:id/refuse: the owner's reason, which the shopper reads. */
export const ReturnRefuseBodySchema = z.strictObject({
  reason: multiLine(RETURN_REFUSAL_MAX, `The reason must be at most ${RETURN_REFUSAL_MAX} characters`).min(1, REQUIRED),
});

/**
 * POST /api/admin/returns/:id/receive: the parcel is back; its lines are refunded, put back in stock
 * or not, and, for a return the shopper posted themselves (a slip, not a prepaid label), the postage
 * they paid refunded too.
 */
export const ReturnReceiveBodySchema = z.strictObject({
  restock: z.boolean({ error: 'restock must be true or false' }),
  postage: amountText({
    invalid: 'postage must be a decimal string such as "4.50"',
    maxCents: 10_000,
    tooLarge: 'postage must be at most 100.00',
  }).optional(),
});
export type ReturnReceiveBody = z.input<typeof ReturnReceiveBodySchema>;

/** GET /api/admin/returns: newest first, a page at a time (the next page in the Link header). */
export const AdminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(RETURNS_PAGE_MAX, `limit must be at most ${RETURNS_PAGE_MAX}`)
    .default(RETURNS_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type AdminReturnsQuery = z.output<typeof AdminReturnsQuerySchema>;
