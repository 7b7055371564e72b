import type { SubscriptionsDeps } from './deps.ts';
import { createNotices } from './notices.ts';
import { createRenewals } from './renewals.ts';
import { createRenewNow } from './renew-now.ts';
import { createSubscriptionStart } from './start.ts';

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
export type { SubscriptionsDeps } from './deps.ts';
export type { StartedSubscription } from './start.ts';

/**
 * Subscribe and save (docs/decisions/0052): a subscription starts with the paid order whose
 * checkout chose it, renews itself on its interval with an order of its own charged to the saved
 * payment method, announces each renewal before it, and is the shopper's to skip, pause or cancel
 * from a signed link. It owns `subscriptions`, `subscription_items` and `subscription_events`;
 * orders, stock and payments are their services'. Each part is a file of this folder.
 */
export function createSubscriptionsService(d: SubscriptionsDeps) {
  const renewals = createRenewals(d);
  return {
    /** The shopper's page link for a subscription, for its e-mails and its order pages. */
    link: d.links.link,
    /** The subscription a page token names; null for anything else. */
    idOfToken: d.links.subscriptionIdOf,
    /** Renewals and their notices (docs/decisions/0053): `renewals.renew`, `renewals.sweep`, `notices.sweep`, `notices.confirm`. */
    renewals,
    notices: createNotices(d),
    renewNow: createRenewNow(d, renewals),
    /** Signing up: the subscription a paid first order starts, in its completion's transaction (start.ts). */
    ...createSubscriptionStart(d),
  };
}
