import { z } from 'zod';
import { type OrderRefunds, REFUND_STATUSES, type Refund } from './refunds.ts';
import { isoTime, moneyText } from './response-schemas.ts';

/** The refunds' answers to the owner (docs/decisions/0023, 0027). */

export const RefundSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    amount: moneyText,
    reason: z.string().nullable(),
    status: z
      .enum(REFUND_STATUSES)
      .describe('pending: the payment provider has not answered yet; succeeded: accepted; failed: no money moved'),
    items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int(), restock: z.boolean() })),
    actor: z.string(),
    createdAt: isoTime,
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'Refund' }) satisfies z.ZodType<Refund>;

export const OrderRefundsSchema = z
  .object({
    refunds: z.array(RefundSchema),
    lines: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        unitPrice: moneyText,
        quantity: z.number().int(),
        refundedQuantity: z.number().int().describe('Units given back by refunds that did not fail'),
        worth: z
          .array(moneyText)
          .describe(
            'What refunding 1, 2, … of the units not refunded yet gives back: price less discount share plus sales tax share',
          ),
      }),
    ),
    refundedTotal: moneyText,
    refundable: moneyText.describe('What can still be refunded'),
  })
  .meta({ id: 'OrderRefunds' }) satisfies z.ZodType<OrderRefunds>;
