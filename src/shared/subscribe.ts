import { z } from 'zod';
import {
  SUBSCRIPTION_DISCOUNT_MAX_PERCENT,
  SUBSCRIPTION_INTERVAL_MAX_WEEKS,
  SUBSCRIPTION_INTERVAL_MIN_WEEKS,
} from './subscription-states.ts';

/** Subscribe and save's schemas (docs/decisions/0052); its words and sums are in subscribe-terms.ts. */

/** The most intervals a product may offer. */
export const SUBSCRIPTION_INTERVALS_MAX = 6;

const INTERVAL_RANGE = `Each interval must be a whole number of weeks from ${SUBSCRIPTION_INTERVAL_MIN_WEEKS} to ${SUBSCRIPTION_INTERVAL_MAX_WEEKS}`;

/** One interval in weeks, 1–52. */
export const IntervalWeeksSchema = z
  .number({ error: INTERVAL_RANGE })
  .int(INTERVAL_RANGE)
  .min(SUBSCRIPTION_INTERVAL_MIN_WEEKS, INTERVAL_RANGE)
  .max(SUBSCRIPTION_INTERVAL_MAX_WEEKS, INTERVAL_RANGE);

/** The product form's intervals: distinct, at most six, kept in ascending order; none: one-time only. */
export const SubscriptionIntervalsSchema = z
  .array(IntervalWeeksSchema, { error: 'Subscription intervals must be a list of whole numbers of weeks' })
  .max(SUBSCRIPTION_INTERVALS_MAX, `Offer at most ${SUBSCRIPTION_INTERVALS_MAX} subscription intervals`)
  .refine((a) => new Set(a).size === a.length, 'Each subscription interval may be given once')
  .transform((a) => [...a].sort((x, y) => x - y));

const DISCOUNT_RANGE = `Subscription discount must be a whole percent from 0 to ${SUBSCRIPTION_DISCOUNT_MAX_PERCENT}`;
export const SubscriptionDiscountSchema = z
  .number({ error: DISCOUNT_RANGE })
  .int(DISCOUNT_RANGE)
  .min(0, DISCOUNT_RANGE)
  .max(SUBSCRIPTION_DISCOUNT_MAX_PERCENT, DISCOUNT_RANGE);

/** The product form's two fields; left out, a new product has none and a changed one keeps its own. */
export const ProductSubscriptionFields = {
  subscriptionIntervalsWeeks: SubscriptionIntervalsSchema.optional(),
  subscriptionDiscountPercent: SubscriptionDiscountSchema.optional(),
};

/** What a product offers: its intervals and discount; null when sold one-time only. */
export const SubscriptionOfferSchema = z
  .object({
    intervalsWeeks: z.array(z.number().int()).describe('The intervals a shopper may choose, in weeks, ascending'),
    discountPercent: z.number().int().describe('The percent taken off each subscription unit'),
  })
  .nullable()
  .describe('Subscribe and save: the intervals and discount on offer; null when the product is sold one-time only');
export type SubscriptionOffer = z.infer<typeof SubscriptionOfferSchema>;

/** A cart or order line's subscription: how often, and its discount; null for one-time. */
export const LineSubscriptionSchema = z
  .object({ intervalWeeks: z.number().int(), discountPercent: z.number().int() })
  .nullable()
  .describe('Subscribe and save: how often the line comes and its discount; null for a one-time purchase');
export type LineSubscription = z.infer<typeof LineSubscriptionSchema>;

/** A cart request's choice: subscribe every `intervalWeeks`, or null for one-time. */
export const SubscriptionChoiceSchema = z
  .strictObject({ intervalWeeks: IntervalWeeksSchema })
  .nullable()
  .describe('Subscribe and save every `intervalWeeks` (one the product offers); null: one-time');

/** The offer of a product row's columns. */
export const offerOf = (p: { subscriptionIntervalsWeeks: number[]; subscriptionDiscountPercent: number }): SubscriptionOffer =>
  p.subscriptionIntervalsWeeks.length > 0
    ? { intervalsWeeks: [...p.subscriptionIntervalsWeeks], discountPercent: p.subscriptionDiscountPercent }
    : null;

/** A product's subscription settings as the owner's dashboard shows them. */
export interface AdminProductSubscription {
  /** The intervals in weeks a shopper may choose; none: one-time only. */
  subscriptionIntervalsWeeks: number[];
  /** The percent taken off each subscription unit (0–50). */
  subscriptionDiscountPercent: number;
}

/**
 * A cart line's subscription as it stands: its interval while its product still offers it, with the
 * product's discount now; null for a one-time line, or one whose interval the owner no longer offers
 * (it is bought one-time then, at the full price, and needs no consent).
 */
export function lineSubscriptionOf(l: {
  subscriptionIntervalWeeks: number | null;
  subscriptionIntervalsWeeks: readonly number[];
  subscriptionDiscountPercent: number;
}): LineSubscription {
  const weeks = l.subscriptionIntervalWeeks;
  return weeks !== null && l.subscriptionIntervalsWeeks.includes(weeks)
    ? { intervalWeeks: weeks, discountPercent: l.subscriptionDiscountPercent }
    : null;
}
