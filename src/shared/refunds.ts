import { z } from 'zod';
import { parseCents } from './money.ts';
import { multiLine } from './validation.ts';

/** Refunds and cancellation from the order card (docs/product.md §7 "Refunds and cancellation"). */

export const REFUND_REASON_MAX = 500;
/** The most lines one refund names: far more than an order of this store holds. */
export const REFUND_LINES_MAX = 50;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

const reason = multiLine(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`).optional();

/** A line of an order named by a request (a refund's, a return's): its product and how many units. */
export const OrderLineSchema = z.strictObject({
  productId: z
    .number({ error: 'productId must be a whole number' })
    .int('productId must be a whole number')
    .positive('productId must be a positive number')
    .max(2_147_483_647, 'productId is too large'),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(10_000, 'quantity is too large'),
});

/** A request's lines name each product once (its quantity says how many). */
export const eachProductOnce = (lines: readonly { productId: number }[]) =>
  new Set(lines.map((l) => l.productId)).size === lines.length;
export const EACH_PRODUCT_ONCE = 'Each product may appear once in items';

const RefundLineSchema = OrderLineSchema.extend({
  restock: z.boolean({ error: 'restock must be true or false' }).default(false),
});

/**
 * POST /api/orders/:id/refunds: lines and quantities (each put back in stock or not), or an amount,
 * or both (the amount then replaces the lines' worth), or neither: what is left of the order, as a
 * refund without an amount is at Stripe; a reason for the order's history.
 */
export const RefundFieldsSchema = z.strictObject({
  items: z
    .array(RefundLineSchema, { error: 'items must be a list of {productId, quantity, restock}' })
    .min(1, 'items must name at least one line')
    .max(REFUND_LINES_MAX, `items must name at most ${REFUND_LINES_MAX} lines`)
    .refine(eachProductOnce, EACH_PRODUCT_ONCE)
    .optional(),
  amount: z
    .string({ error: 'amount must be a decimal string such as "12.34"' })
    .regex(AMOUNT, 'amount must be a decimal string such as "12.34"')
    .refine((v) => !AMOUNT.test(v) || parseCents(v) > 0, 'amount must be more than 0')
    .optional(),
  reason,
});
export type RefundBody = z.input<typeof RefundFieldsSchema>;
export type RefundRequest = z.output<typeof RefundFieldsSchema>;
/** The route's body: the fields, or no body at all (JSON null, or none sent) for what is left, as a cancellation takes. */
export const RefundBodySchema = RefundFieldsSchema.nullish();

/** POST /api/orders/:id/cancel: a reason for the order's history, or no body at all. */
export const CancelBodySchema = z.union([z.strictObject({ reason }), z.null()]).optional();
export type CancelBody = z.input<typeof CancelBodySchema>;

/** The key a client sends so that a refund sent twice is made once (the `Idempotency-Key` header). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const RefundHeadersSchema = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY, 'Idempotency-Key must be 8 to 100 letters, digits, "-" or "_"').optional(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund as the dashboard shows it. */
export interface Refund {
  id: number;
  orderId: number;
  /** Decimal string. */
  amount: string;
  reason: string | null;
  /** pending: the provider has not answered yet; succeeded: accepted by the provider; failed: no money moved. */
  status: RefundStatus;
  items: { productId: number; name: string; quantity: number; restock: boolean }[];
  actor: string;
  createdAt: string;
  failureReason: string | null;
}

/** GET /api/orders/:id/refunds: what was refunded, and what each line and the order have left to refund. */
export interface OrderRefunds {
  refunds: Refund[];
  lines: {
    productId: number;
    name: string;
    unitPrice: string;
    quantity: number;
    refundedQuantity: number;
    /**
     * What a refund of 1, 2, … of the units not refunded yet gives back, as decimal strings: their price
     * less their share of the discount plus their share of the sales tax (what the store refunds for them).
     */
    worth: string[];
  }[];
  refundedTotal: string;
  /** What can still be refunded, a decimal string. */
  refundable: string;
}
