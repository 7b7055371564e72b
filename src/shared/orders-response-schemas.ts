import { z } from 'zod';
import { type AdminOrder, ORDER_STATUSES, type OrdersSummary } from './admin.ts';
import type { Customer } from './customers.ts';
import { OrderDisputesSchema } from './disputes-response-schemas.ts';
import { ORDER_EVENT_TYPES, type OrderEvent } from './order-events.ts';
import { isoTime, moneyText } from './response-schemas.ts';

/** The orders' and customers' answers to the owner (docs/decisions/0023). */

export const AdminOrderSchema = z
  .object({
    id: z.number().int(),
    stripePaymentIntentId: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    shippingAddress: z.string().nullable(),
    shippingCity: z.string().nullable(),
    shippingState: z.string().nullable(),
    shippingZip: z.string().nullable(),
    shippingCountry: z.string().nullable(),
    total: moneyText,
    discount: z
      .object({ code: z.string(), amount: moneyText })
      .nullable()
      .describe('The discount code the shopper applied and what it took off the subtotal'),
    shippingCharged: moneyText.describe('What the shopper paid for shipping (0.00 when it shipped free)'),
    tax: moneyText.describe('The sales tax the shopper paid, part of the total'),
    paymentMethodKind: z
      .string()
      .nullable()
      .describe('How it was paid, as the payment provider reports it (card, apple_pay, …); null before payment'),
    refundedTotal: moneyText.describe('Refunds the provider accepted or is still answering'),
    createdAt: isoTime,
    paidAt: isoTime.nullable(),
    cancelledAt: isoTime.nullable(),
    paymentMode: z.enum(['test', 'live']).describe('`test` when no real money moved: left out of revenue'),
    renewalOf: z
      .number()
      .int()
      .nullable()
      .describe('A subscription’s renewal: the id of the subscription it renews; null for any other order'),
    items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int(), unitPrice: moneyText })),
    paymentIssue: z
      .string()
      .nullable()
      .describe('Set when a payment did not match the order (not paid): the owner must look at it'),
    trackingNumber: z.string().nullable(),
    shippingCarrier: z.string().nullable(),
    shippingService: z.string().nullable(),
    shippingCost: moneyText.nullable(),
    labelUrl: z.string().nullable(),
    trackingUrl: z.string().nullable().describe('The carrier’s tracking page for the label’s parcel'),
    dispute: OrderDisputesSchema.nullable().describe('Its payment’s disputes; null without any'),
  })
  .meta({ id: 'AdminOrder' }) satisfies z.ZodType<AdminOrder>;

export const AdminOrderListSchema = z.array(AdminOrderSchema).meta({ id: 'AdminOrderList' });

export const OrdersSummarySchema = z
  .object({
    totalOrders: z.number().int().describe('Every paid order and every payment problem'),
    paidOrders: z.number().int().describe('Paid, shipped or delivered, with real money'),
    totalRevenue: moneyText.describe('Net of refunds: grossRevenue less refunds'),
    grossRevenue: moneyText.describe('The paid orders’ totals'),
    refunds: moneyText.describe('What was refunded of them'),
    taxCollected: moneyText.describe('Sales tax collected less what refunds gave back; the revenue figures leave it out'),
    testOrders: z.object({ count: z.number().int(), total: moneyText }).describe('Paid with test payments: no money taken'),
    byStatus: z.object({
      pending: z.number().int(),
      paid: z.number().int(),
      shipped: z.number().int(),
      delivered: z.number().int(),
      cancelled: z.number().int(),
      refunded: z.number().int(),
    }),
    byFilter: z.object({ 'payment-problem': z.number().int(), expired: z.number().int(), disputes: z.number().int() }),
  })
  .meta({ id: 'OrdersSummary' }) satisfies z.ZodType<OrdersSummary>;

export const OrderEventSchema = z
  .object({
    id: z.number().int(),
    at: isoTime,
    type: z.enum(ORDER_EVENT_TYPES),
    message: z.string().describe('What happened, in a sentence for the owner'),
    actor: z.string().describe("'shopper', 'store', 'payment provider', 'carrier', or the admin's username"),
  })
  .meta({ id: 'OrderEvent' }) satisfies z.ZodType<OrderEvent>;

export const OrderTimelineSchema = z.array(OrderEventSchema).meta({ id: 'OrderTimeline' });

export const CustomerSchema = z
  .object({
    email: z.string().describe('Lower case: the address the orders share'),
    name: z.string().describe('The name on the latest order'),
    orders: z.number().int().describe('Paid, shipped, delivered or refunded orders, test orders included'),
    testOrders: z.number().int().describe('Of those, paid with test payments (no money taken)'),
    totalSpent: moneyText.describe('Their totals less what was refunded of them'),
    firstOrderAt: isoTime,
    lastOrderAt: isoTime,
    marketingConsent: z.boolean().describe('Their latest order’s shipping step ticked “E-mail me news and offers”'),
  })
  .meta({ id: 'Customer' }) satisfies z.ZodType<Customer>;

export const CustomerListSchema = z.array(CustomerSchema).meta({ id: 'CustomerList' });
