import type { SubscriptionStatus } from './subscription-states.ts';

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
/** `/card/confirm` with the built-in provider, whose own card form confirms its setups. */
export const CARD_CONFIRMED_BY_TEST_FORM =
  'With the built-in test provider, a new card is saved with its own card form: POST /api/payments/test/setup/confirm.';
/** Shown where the provider cannot take a new card from the page. */
export const CARD_CHANGE_BY_EMAIL = 'Card changes are made by e-mail for now: write to us and we will send you a secure link.';

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

/** PUT /api/subscriptions/:token: a new interval (one the products offer), "ask me first", or both. */
export interface SubscriptionChange {
  intervalWeeks?: number | undefined;
  askFirst?: boolean | undefined;
  /** The next delivery's new date, `YYYY-MM-DD` (the notice's Change date): from tomorrow to 26 weeks ahead. */
  nextDeliveryOn?: string | undefined;
}

/** How far ahead the shopper may move the next delivery, in days. */
export const NEXT_DELIVERY_MAX_DAYS = 182;
export const NEXT_DELIVERY_OUT_OF_RANGE = 'Choose a date from tomorrow to 26 weeks ahead.';

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
  /** "Ask me first" and the next renewal not confirmed yet: it waits for the shopper's Confirm. */
  awaitingConfirmation: boolean;
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
  /** Stripe's publishable key for the card form (Stripe); null with the built-in provider. */
  publishableKey: string | null;
}

/** POST /api/subscriptions/:token/card/confirm (Stripe): the setup confirmed by the server with the card form's ConfirmationToken. */
export interface CardConfirmResult {
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  message?: string | undefined;
}

export interface TestSetupResult {
  status: 'succeeded' | 'requires_payment_method';
  message?: string;
}
