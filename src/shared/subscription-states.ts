/** A subscription's states and who changes them (docs/decisions/0052): plain lists, shared by the schema and the API. */
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_EVENT_ACTORS = ['shopper', 'owner', 'store', 'payment provider'] as const;
export type SubscriptionEventActor = (typeof SUBSCRIPTION_EVENT_ACTORS)[number];

/** The intervals an owner may offer, in weeks. */
export const SUBSCRIPTION_INTERVAL_MIN_WEEKS = 1;
export const SUBSCRIPTION_INTERVAL_MAX_WEEKS = 52;
/** The most a subscription discount may take off, in percent. */
export const SUBSCRIPTION_DISCOUNT_MAX_PERCENT = 50;
/** Days before a renewal its notice is sent (Skip, Change date, Cancel). */
export const RENEWAL_NOTICE_DAYS = 3;
/** A failed renewal is tried again this many times, over a week, before the subscription pauses. */
export const RENEWAL_RETRIES = 3;
export const RENEWAL_RETRY_DAYS = [2, 4, 7] as const;
