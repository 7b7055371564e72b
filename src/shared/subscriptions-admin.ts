import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './subscription-states.ts';
import { idParam } from './validation.ts';

/** The owner's Subscriptions tab (docs/decisions/0054). */
export const SUBSCRIPTIONS_PAGE_DEFAULT = 50;
export const SUBSCRIPTIONS_PAGE_MAX = 200;

/** GET /api/admin/subscriptions: newest first, a page at a time; `cursor` is the last subscription of the previous page (the Link header gives it). */
export const AdminSubscriptionsQuerySchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES, { error: `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SUBSCRIPTIONS_PAGE_MAX, `limit must be at most ${SUBSCRIPTIONS_PAGE_MAX}`)
    .default(SUBSCRIPTIONS_PAGE_DEFAULT),
  cursor: idParam.optional(),
});
export type AdminSubscriptionsQuery = z.output<typeof AdminSubscriptionsQuerySchema>;

export const SubscriptionIdParamsSchema = z.object({ id: idParam });

export interface AdminSubscriptionItem {
  productId: number;
  name: string;
  quantity: number;
}

export interface AdminSubscription {
  id: number;
  status: SubscriptionStatus;
  email: string;
  name: string;
  intervalWeeks: number;
  discountPercent: number;
  nextRenewalAt: string;
  items: AdminSubscriptionItem[];
  failedAttempts: number;
  lastFailure: string | null;
  createdAt: string;
  pausedAt: string | null;
  cancelledAt: string | null;
}

export interface AdminSubscriptionsPage {
  subscriptions: AdminSubscription[];
  /** The cursor of the next page; null on the last. */
  nextCursor: number | null;
}

export interface AdminSubscriptionsSummary {
  active: number;
  paused: number;
  cancelled: number;
  /** Active subscriptions renewing within the next 7 days. */
  dueNext7Days: number;
  /** Active or paused subscriptions whose last renewal charge failed. */
  failing: number;
  /** Monthly recurring revenue in dollars: see docs/decisions/0054. */
  mrr: string;
  /** Percent, one decimal: cancelled in the last 30 days over active at their start (docs/decisions/0054). */
  churn: string;
}

export interface AdminSubscriptionDetail extends AdminSubscription {
  phone: string | null;
  shipTo: string[];
  card: { brand: string; last4: string } | null;
  askFirst: boolean;
  firstOrderId: number;
  history: { at: string; kind: string; detail: string; actor: string; orderId: number | null }[];
  /** The first order and each renewal, newest first. */
  orders: { id: number; renewal: boolean; status: string; total: string; placedAt: string }[];
}
