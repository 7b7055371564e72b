import { formatCents } from '#shared/money.ts';
import type { RenewalMade } from '#shared/renewals.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SubscriptionsDeps } from './deps.ts';
import type { Renewals } from './renewals.ts';
import * as repo from './renewals-repo.ts';

/**
 * The owner's "Renew now" (POST /api/admin/subscriptions/:id/renew): the next renewal made at once,
 * as the sweep makes it. 404 unknown; 409 paused or cancelled, waiting for the shopper's
 * confirmation, under way, or not paid (the decline's reason: the failure is counted and e-mailed
 * as the sweep's would be).
 */
export function createRenewNow(d: SubscriptionsDeps, renewals: Renewals) {
  return async function renewNow(id: number): Promise<RenewalMade> {
    const sub = await repo.selectSubscription(d.db, id);
    if (!sub) throw notFound('Subscription');
    if (sub.status !== 'active') {
      throw new AppError(
        'conflict',
        `This subscription is ${sub.status}: ${sub.status === 'paused' ? 'resume it before renewing' : 'it renews no more'}.`,
      );
    }
    const outcome = await renewals.renew(id, true);
    if (outcome.state === 'waiting') throw new AppError('conflict', outcome.reason);
    if (outcome.state === 'failed') {
      const then = outcome.paused
        ? 'The subscription is now paused.'
        : `It is tried again on ${outcome.retryAt?.toISOString().slice(0, 10) ?? 'a later day'}.`;
      throw new AppError('conflict', `The renewal was not made: ${outcome.message} The shopper was e-mailed. ${then}`);
    }
    const after = await repo.selectSubscription(d.db, id);
    return {
      orderId: outcome.orderId,
      total: formatCents(outcome.totalCents),
      nextRenewalAt: (after ?? sub).nextRenewalAt.toISOString(),
    };
  };
}
