import type { SubscriptionsDeps } from './deps.ts';
import { createSubscriptionsAdmin } from './admin.ts';
import { createNotices } from './notices.ts';
import { createRenewals } from './renewals.ts';
import { createRenewNow } from './renew-now.ts';
import { createSubscriptionPages } from './pages.ts';
import { selectOfOrder } from './pages-repo.ts';
import { createSubscriptionStart } from './start.ts';

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
export type { SubscriptionsDeps } from './deps.ts';
export type { StartedSubscription } from './start.ts';
export { customerSubscriptions, eraseCustomerSubscriptions } from './customer-privacy.ts';

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
    /** The shopper's page: view, skip, pause, resume, cancel, interval, card (docs/decisions/0054). */
    pages: createSubscriptionPages(d),
    /** The page of the subscription an order started or renews, for the order's page; null for a one-time order. */
    async pageOfOrder(order: { id: number; subscriptionId: number | null }): Promise<{ path: string; renewal: boolean } | null> {
      const id = await selectOfOrder(d.db, order.id, order.subscriptionId);
      return id === undefined ? null : { path: `/subscriptions/${d.links.token(id)}`, renewal: order.subscriptionId !== null };
    },
    /** The owner's Subscriptions tab. */
    admin: createSubscriptionsAdmin(d),
  };
}
