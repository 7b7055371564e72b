import { z } from 'zod';
import { ORDER_STATUSES } from './admin.ts';
import type { OrderLinksSent, OrderStatusView } from './order-status.ts';
import { isoTime, moneyText, utcDay } from './response-schemas.ts';
import { ShopperReturnSchema } from './returns-response-schemas.ts';

/** The shopper's order page answers (docs/decisions/0023, 0038). */

const line = { productId: z.number().int(), name: z.string(), quantity: z.number().int(), unitPrice: moneyText };

export const OrderStatusViewSchema = z
  .object({
    orderNumber: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    statusLabel: z.string(),
    placedAt: isoTime,
    items: z.array(z.object({ ...line, lineTotal: moneyText })),
    subtotal: moneyText,
    discount: z.object({ code: z.string(), amount: moneyText }).nullable(),
    shipping: moneyText,
    tax: moneyText.describe('The sales tax paid'),
    total: moneyText,
    refunded: moneyText.describe('What was refunded so far ("0.00" when nothing)'),
    shipTo: z.object({ name: z.string(), lines: z.array(z.string()) }),
    tracking: z
      .object({
        carrier: z.string().nullable(),
        service: z.string().nullable(),
        number: z.string(),
        url: z.string().nullable(),
        status: z.string().nullable(),
      })
      .nullable(),
    delivery: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('delivered'), on: utcDay }),
        z.object({
          kind: z.literal('expected'),
          from: utcDay,
          to: utcDay,
          byCarrier: z.boolean().describe('The carrier names the day(s); otherwise estimated from transit days'),
        }),
      ])
      .nullable(),
    history: z
      .array(
        z.object({
          at: isoTime,
          text: z.string(),
          kind: z.enum(['order', 'shipping', 'tracking', 'return', 'refund']),
        }),
      )
      .describe('The order’s history as the shopper reads it, newest first'),
    returns: z.array(ShopperReturnSchema),
    returnable: z
      .object({
        open: z.boolean(),
        until: isoTime.nullable(),
        reason: z.string().nullable().describe('Why nothing can be returned, when closed'),
        lines: z.array(z.object(line)),
      })
      .describe('What may still be sent back, and until when'),
    subscription: z
      .object({ path: z.string().describe('The subscription page, `/subscriptions/<token>`'), renewal: z.boolean() })
      .nullable()
      .describe('The subscription the order started (`renewal` false) or renews; null for a one-time order'),
  })
  .meta({ id: 'OrderStatusView' }) satisfies z.ZodType<OrderStatusView>;

export const OrderLinksSentSchema = z
  .object({ sent: z.literal(true), message: z.string() })
  .meta({ id: 'OrderLinksSent' }) satisfies z.ZodType<OrderLinksSent>;

export const OrderTokenSchema = z
  .object({ token: z.string().describe('The order page’s token: GET /api/order-status/{token}') })
  .meta({ id: 'OrderToken' });
