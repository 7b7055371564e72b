import { z } from 'zod';
import { isoTime, moneyText } from './response-schemas.ts';
import { SUBSCRIPTION_STATUSES } from './subscription-states.ts';
import type {
  AdminSubscription,
  AdminSubscriptionDetail,
  AdminSubscriptionsPage,
  AdminSubscriptionsSummary,
} from './subscriptions-admin.ts';

const fields = {
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  email: z.string(),
  name: z.string(),
  intervalWeeks: z.number().int(),
  discountPercent: z.number().int(),
  nextRenewalAt: isoTime,
  items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  failedAttempts: z.number().int(),
  lastFailure: z.string().nullable(),
  createdAt: isoTime,
  pausedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
};

export const AdminSubscriptionSchema = z.object(fields).meta({ id: 'AdminSubscription' }) satisfies z.ZodType<AdminSubscription>;

export const AdminSubscriptionsPageSchema = z
  .object({ subscriptions: z.array(AdminSubscriptionSchema), nextCursor: z.number().int().nullable() })
  .meta({ id: 'AdminSubscriptionsPage' }) satisfies z.ZodType<AdminSubscriptionsPage>;

export const AdminSubscriptionsSummarySchema = z
  .object({
    active: z.number().int(),
    paused: z.number().int(),
    cancelled: z.number().int(),
    dueNext7Days: z.number().int(),
    failing: z.number().int(),
    mrr: moneyText.describe(
      'Monthly recurring revenue: each active subscription’s items at today’s prices less its discount, × 52 / 12 / its interval in weeks; no shipping, no tax',
    ),
    churn: z
      .string()
      .regex(/^\d+\.\d$/)
      .describe('Percent: subscriptions cancelled in the last 30 days over those not cancelled 30 days ago'),
  })
  .meta({ id: 'AdminSubscriptionsSummary' }) satisfies z.ZodType<AdminSubscriptionsSummary>;

export const AdminSubscriptionDetailSchema = z
  .object({
    ...fields,
    phone: z.string().nullable(),
    shipTo: z.array(z.string()),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    askFirst: z.boolean(),
    firstOrderId: z.number().int(),
    history: z.array(
      z.object({ at: isoTime, kind: z.string(), detail: z.string(), actor: z.string(), orderId: z.number().int().nullable() }),
    ),
    orders: z.array(
      z.object({ id: z.number().int(), renewal: z.boolean(), status: z.string(), total: moneyText, placedAt: isoTime }),
    ),
  })
  .meta({ id: 'AdminSubscriptionDetail' }) satisfies z.ZodType<AdminSubscriptionDetail>;
