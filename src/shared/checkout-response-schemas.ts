import { z } from 'zod';
import { ORDER_STATUSES } from './admin.ts';
import { ProductPictureSchema } from './catalog.ts';
import type { CheckoutOrder, CheckoutStarted, ConfirmPaymentResult, TestConfirmResult } from './checkout.ts';
import { isoTime, moneyText } from './response-schemas.ts';
import { LineSubscriptionSchema } from './subscribe.ts';

/** The checkout's and the payments' answers to the shopper (docs/decisions/0023). */

export const CheckoutSchema = z
  .object({
    orderId: z.number().int(),
    paymentIntentId: z.string(),
    status: z.enum(ORDER_STATUSES),
    items: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        unitPrice: moneyText,
        quantity: z.number().int(),
        lineTotal: moneyText,
        image: ProductPictureSchema,
        subscription: LineSubscriptionSchema,
      }),
    ),
    subtotal: moneyText,
    discount: z
      .object({ code: z.string(), amount: moneyText })
      .nullable()
      .describe('The discount code applied and what it takes off the subtotal'),
    shipping: moneyText,
    tax: moneyText.describe(
      'Sales tax on the lines and shipping, worked out at the shipping address (0.00 without a tax provider)',
    ),
    total: moneyText,
    currency: z.literal('usd'),
    provider: z.enum(['test', 'stripe']),
    hasShipping: z.boolean(),
    groundOnly: z
      .boolean()
      .describe('It holds a limited-quantity product: ships by ground within the US, never to APO/FPO/DPO addresses'),
    shippingLine: z.string().describe('The order summary’s shipping line: how the order ships and how long it takes'),
    hold: z.object({ held: z.boolean(), until: isoTime.nullable() }),
    expiresAt: isoTime,
    subscription: z
      .object({
        intervalWeeks: z.number().int(),
        discountPercent: z.number().int().nullable().describe('The one discount of its lines; null when they differ'),
        amount: moneyText.describe('Each renewal’s items at today’s prices, before shipping and tax'),
        terms: z.string().describe('The terms the shipping step shows next to its consent box, recorded with the consent'),
        consentLabel: z.string().describe('The consent box’s words'),
        consented: z.boolean().describe('Whether the last saved shipping step ticked the box'),
      })
      .nullable()
      .describe('Subscribe and save: the subscription the lines start; null when nothing subscribes'),
  })
  .meta({ id: 'Checkout' }) satisfies z.ZodType<CheckoutOrder>;

export const CheckoutStartedSchema = z
  .object({ checkoutUrl: z.string() })
  .meta({ id: 'CheckoutStarted' }) satisfies z.ZodType<CheckoutStarted>;

export const ConfirmPaymentResultSchema = z
  .object({
    status: z.enum(['succeeded', 'processing', 'requires_action', 'requires_payment_method']),
    message: z.string().optional(),
  })
  .meta({ id: 'ConfirmPayment' }) satisfies z.ZodType<ConfirmPaymentResult>;

export const TestConfirmResultSchema = z
  .object({
    status: z.enum(['succeeded', 'requires_payment_method']),
    message: z.string().optional(),
  })
  .meta({ id: 'TestPaymentResult' }) satisfies z.ZodType<TestConfirmResult>;
