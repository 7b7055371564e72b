import { z } from 'zod';
import type { CustomerData, CustomerErased } from './privacy.ts';
import { isoTime, moneyText } from './response-schemas.ts';

const text = z.string().nullable();

const OrderSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
  email: text,
  firstName: text,
  lastName: text,
  phone: text,
  shipTo: z.object({ address: text, city: text, state: text, zip: text, country: text }),
  items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int(), unitPrice: moneyText })),
  subtotal: moneyText,
  discount: moneyText,
  discountCode: text,
  shipping: moneyText,
  total: moneyText,
  refunded: moneyText,
  trackingNumber: text,
  refunds: z.array(z.object({ amount: moneyText, status: z.string(), createdAt: isoTime })),
  history: z.array(z.object({ at: isoTime, message: z.string() })),
  erasedAt: isoTime.nullable(),
});

/** Everything the store holds about an e-mail address (docs/decisions/0049). */
const SubscriptionSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  firstOrderId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: text,
  shipTo: z.object({ address: z.string(), city: z.string(), state: z.string(), zip: z.string(), country: z.string() }),
  items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  intervalWeeks: z.number().int(),
  discountPercent: z.number().int(),
  nextRenewalAt: isoTime,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  consent: z.object({ at: isoTime, text: z.string(), network: z.string() }),
  createdAt: isoTime,
  pausedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  erasedAt: isoTime.nullable(),
  history: z.array(z.object({ at: isoTime, message: z.string() })),
});

export const CustomerDataSchema = z
  .object({
    email: z.string(),
    addressesMatched: z.array(z.string()).describe('Every address of the same mailbox that matched, lower case'),
    generatedAt: isoTime,
    orders: z.array(OrderSchema),
    addresses: z.array(
      z.object({
        firstName: text,
        lastName: text,
        phone: text,
        address: text,
        city: text,
        state: text,
        zip: text,
        country: text,
      }),
    ),
    reviews: z.array(
      z.object({
        id: z.number().int(),
        productId: z.number().int(),
        customerName: z.string(),
        customerEmail: z.string(),
        rating: z.number().int(),
        title: z.string(),
        content: z.string(),
        approved: z.boolean(),
        createdAt: isoTime,
      }),
    ),
    reminders: z.array(z.object({ orderId: z.number().int(), sentAt: isoTime, restoredAt: isoTime.nullable() })),
    reminderOptOut: z.object({ at: isoTime }).nullable(),
    reorderReminders: z
      .array(z.object({ orderId: z.number().int(), sentAt: isoTime, linkOpenedAt: z.array(isoTime) }))
      .describe('Reorder reminders sent, and when their Reorder link filled a cart'),
    discountCodes: z.array(
      z.object({ code: z.string(), orderId: z.number().int(), status: z.string(), amount: moneyText, at: isoTime }),
    ),
    consents: z.array(
      z.object({
        kind: z.enum(['age', 'marketing', 'reorder_reminder']),
        orderId: z.number().int(),
        text: z.string(),
        at: isoTime,
      }),
    ),
    returns: z.array(
      z.object({ id: z.number().int(), orderId: z.number().int(), status: z.string(), reason: z.string(), createdAt: isoTime }),
    ),
    lookups: z.array(z.object({ subject: z.string(), status: z.string(), createdAt: isoTime, sentAt: isoTime.nullable() })),
    emails: z.array(
      z.object({ kind: z.string(), subject: z.string(), status: z.string(), createdAt: isoTime, sentAt: isoTime.nullable() }),
    ),
    erasures: z.array(z.object({ at: isoTime, by: z.string() })),
    subscriptions: z.array(SubscriptionSchema),
  })
  .meta({ id: 'CustomerData' }) satisfies z.ZodType<CustomerData>;

export const CustomerErasedSchema = z
  .object({
    message: z.string(),
    erased: z.object({
      orders: z.number().int(),
      reviews: z.number().int(),
      reminders: z.number().int(),
      reorderReminders: z.number().int(),
      codeUses: z.number().int(),
      emails: z.number().int(),
      verificationCodes: z.number().int(),
      subscriptions: z.number().int(),
    }),
    kept: z.array(z.object({ orderId: z.number().int(), status: z.string() })),
  })
  .meta({ id: 'CustomerErased' }) satisfies z.ZodType<CustomerErased>;
