import { z } from 'zod';
import {
  SUBSCRIPTION_INTERVAL_MAX_WEEKS,
  SUBSCRIPTION_INTERVAL_MIN_WEEKS,
  type SubscriptionStatus,
} from './subscription-states.ts';
import { singleLine } from './validation.ts';

/**
 * The shopper's subscription page (docs/decisions/0054): opened by the signed link every
 * subscription e-mail carries, `/subscriptions/<token>`, without an account. Skip, pause, resume,
 * cancel in one click, change the interval, replace the card.
 */

/** The one answer for a link that opens nothing: unknown, forged, expired, of another purpose, erased. */
export const SUBSCRIPTION_LINK_INVALID =
  'This subscription link does not work. Use the link in your latest subscription e-mail, or contact us.';
export const SUBSCRIPTION_CANCELLED = 'This subscription is cancelled: nothing more can change.';
export const SUBSCRIPTION_PAUSED_SKIP = 'This subscription is paused: resume it first, then skip a delivery.';
export const SUBSCRIPTION_INTERVAL_NOT_OFFERED = 'That interval is not offered for these products.';
export const SUBSCRIPTION_SETUP_NOT_FINISHED = 'The new card is not saved yet. Enter it again, or try another card.';
/** Shown where the provider cannot take a new card from the page. */
export const CARD_CHANGE_BY_EMAIL = 'Card changes are made by e-mail for now: write to us and we will send you a secure link.';

/** `/api/subscriptions/:token`: the signed token; anything else answers the one 404. */
export const SubscriptionTokenParamsSchema = z.object({ token: z.string().min(1).max(600) });

const weeks = z
  .number({ error: 'intervalWeeks must be a whole number of weeks' })
  .int('intervalWeeks must be a whole number of weeks')
  .min(SUBSCRIPTION_INTERVAL_MIN_WEEKS, `intervalWeeks must be at least ${SUBSCRIPTION_INTERVAL_MIN_WEEKS}`)
  .max(SUBSCRIPTION_INTERVAL_MAX_WEEKS, `intervalWeeks must be at most ${SUBSCRIPTION_INTERVAL_MAX_WEEKS}`);

/** PUT /api/subscriptions/:token: a new interval (one the products offer), "ask me first", or both. */
export const SubscriptionChangeBodySchema = z
  .strictObject({ intervalWeeks: weeks.optional(), askFirst: z.boolean({ error: 'askFirst must be true or false' }).optional() })
  .refine((b) => b.intervalWeeks !== undefined || b.askFirst !== undefined, 'Send intervalWeeks or askFirst');
export type SubscriptionChange = z.output<typeof SubscriptionChangeBodySchema>;

const SETUP_ID = /^seti_[A-Za-z0-9]{8,140}$/;
/** POST /api/subscriptions/:token/card/complete: the setup the card form finished. */
export const CardCompleteBodySchema = z.strictObject({
  setupId: z.string().max(200).regex(SETUP_ID, 'setupId is not a valid setup id'),
});
/** POST /api/payments/test/setup/confirm: the built-in provider's card form for a setup (its id or whole client secret). */
export const TestSetupConfirmBodySchema = z.strictObject({
  setupId: z
    .string()
    .max(300)
    .regex(/^seti_[A-Za-z0-9]{8,140}(_secret_[A-Za-z0-9]{8,140})?$/, 'setupId is not a valid setup id'),
  cardNumber: singleLine(30, 'cardNumber is too long'),
});

export interface SubscriptionItemView {
  productId: number;
  name: string;
  quantity: number;
  /** Today's price less the subscription discount, per unit. */
  unitPrice: string;
  /** Today's price before the discount. */
  regularPrice: string;
  /** false: no longer sold, left out of the next delivery. */
  available: boolean;
}

export interface SubscriptionHistoryLine {
  at: string;
  kind: string;
  text: string;
}

export interface SubscriptionPageView {
  id: number;
  status: SubscriptionStatus;
  /** The address the e-mails go to, masked (d***@example.com). */
  email: string;
  items: SubscriptionItemView[];
  intervalWeeks: number;
  /** The intervals the products offer today (with the current one), for the select. */
  intervalsOffered: number[];
  discountPercent: number;
  nextRenewalAt: string;
  /** The next delivery at today's prices: items less the discount, plus shipping, before tax. */
  nextSubtotal: string;
  nextShipping: string;
  nextAmount: string;
  askFirst: boolean;
  card: { brand: string; last4: string } | null;
  failedAttempts: number;
  lastFailure: string | null;
  pausedAt: string | null;
  cancelledAt: string | null;
  /** The newest changes first. */
  history: SubscriptionHistoryLine[];
}

export interface CardSetupStarted {
  setupId: string;
  clientSecret: string;
  provider: 'test' | 'stripe';
}

export interface TestSetupResult {
  status: 'succeeded' | 'requires_payment_method';
  message?: string;
}
