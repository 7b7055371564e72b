import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { ORDER_LINK_INVALID, ORDER_TOKEN } from './order-status.ts';
import { singleLine } from './validation.ts';

/** The shopper's order page's requests (docs/decisions/0038). */

export const OrderTokenParamsSchema = z.object({
  token: z.string().regex(ORDER_TOKEN, ORDER_LINK_INVALID),
});

/** POST /api/order-status/lookup: the order number (1042 or #1042) and the e-mail it was placed with. */
export const OrderLookupBodySchema = z.strictObject({
  orderNumber: z
    .string({ error: (i) => (i.input === undefined ? REQUIRED : 'Must be text') })
    .trim()
    .min(1, REQUIRED)
    .regex(/^#?\s*\d{1,10}$/, 'Enter the order number from your confirmation e-mail, like 1042')
    .transform((v) => Number(v.replace(/^#?\s*/, ''))),
  email: singleLine(254)
    .min(1, REQUIRED)
    .pipe(z.email({ error: 'Enter the e-mail address you ordered with' })),
});
export type OrderLookupBody = z.input<typeof OrderLookupBodySchema>;

/** POST /api/order-status/links: "E-mail me my order links", to the address the orders were placed with. */
export const OrderLinksBodySchema = z.strictObject({
  email: singleLine(254)
    .min(1, REQUIRED)
    .pipe(z.email({ error: 'Enter the e-mail address you ordered with' })),
});
export type OrderLinksBody = z.input<typeof OrderLinksBodySchema>;
