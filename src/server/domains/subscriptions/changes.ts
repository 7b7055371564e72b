import {
  NEXT_DELIVERY_MAX_DAYS,
  NEXT_DELIVERY_OUT_OF_RANGE,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_LINK_INVALID,
  SUBSCRIPTION_PAUSED_SKIP,
} from '#shared/subscription-page.ts';
import type { Tx } from '#db/client.ts';
import type { SubscriptionEventActor } from '#shared/subscription-states.ts';
import { AppError } from '../../errors.ts';
import type { SubscriptionsDeps } from './deps.ts';
import { subscriptionCancelledMail } from './emails/cancelled.tsx';
import * as repo from './pages-repo.ts';
import type { SubscriptionRow, SubscriptionSet } from './pages-repo.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Who asks for a change: the shopper from their page, or the owner (by name) from the dashboard. */
export type ChangeActor = { actor: 'shopper' } | { actor: 'owner'; name: string };

/** A change decided on the locked row: what to write, the event to record, and whether the cancellation e-mail goes. */
export interface Change {
  set: SubscriptionSet;
  kind: string;
  detail: string;
  cancelMail?: boolean;
}

export const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const by = (who: ChangeActor) => (who.actor === 'owner' ? ` by the store (${who.name})` : '');

/**
 * One change to one subscription (docs/decisions/0054), in one transaction on its locked row:
 * `decide` reads the row as it is now and answers the change, or null when there is nothing to do
 * (asked again: the same answer, nothing written, nothing sent). An erased subscription opens nothing.
 */
export async function changeSubscription(
  d: SubscriptionsDeps,
  id: number,
  decide: (row: SubscriptionRow, tx: Tx) => Promise<Change | null> | Change | null,
  who: ChangeActor,
): Promise<void> {
  const mailed = await d.db.transaction(async (tx) => {
    const row = await repo.lockSubscription(tx, id);
    if (!row || row.erasedAt) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
    const change = await decide(row, tx);
    if (!change) return false;
    await repo.updateSubscription(tx, id, change.set);
    const actor: SubscriptionEventActor = who.actor;
    await repo.insertEvent(tx, { subscriptionId: id, kind: change.kind, detail: `${change.detail}${by(who)}`, actor });
    if (!change.cancelMail) return false;
    const items = await repo.selectItems(tx, [id]);
    const mail = await subscriptionCancelledMail(
      row.email,
      {
        id,
        lines: items.map((i) => `${i.quantity} × ${i.name}`),
        intervalWeeks: row.intervalWeeks,
        cancelledAt: change.set.cancelledAt ?? new Date(),
        by: who.actor,
        pageUrl: d.links.link(id),
      },
      d.store,
    );
    // One cancellation, one e-mail: the key is the subscription's.
    return d.outbox.enqueue(tx, { key: `subscription-cancelled:${id}`, kind: 'subscription_cancelled', ref: id, ...mail });
  });
  if (mailed) d.outbox.deliverSoon();
}

/** 409 for any change but a cancellation once cancelled. */
export const refuseCancelled = (row: Pick<SubscriptionRow, 'status'>) => {
  if (row.status === 'cancelled') throw new AppError('conflict', SUBSCRIPTION_CANCELLED);
};

/**
 * The next delivery on a day the shopper chose (`YYYY-MM-DD`), at the time of day it had, so the
 * sweep reaches it as before: 400 unless it is from tomorrow to NEXT_DELIVERY_MAX_DAYS ahead.
 */
export function deliveryOn(date: string, current: Date, now = new Date()): Date {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCHours(current.getUTCHours(), current.getUTCMinutes(), current.getUTCSeconds(), current.getUTCMilliseconds());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayOf = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (dayOf <= today || dayOf > today + NEXT_DELIVERY_MAX_DAYS * DAY_MS) {
    throw new AppError('bad_request', NEXT_DELIVERY_OUT_OF_RANGE);
  }
  return at;
}

/** The renewal date moved: the notice, the confirmation and the failed tries were the old date's. */
export const newDate = (at: Date): SubscriptionSet => ({
  nextRenewalAt: at,
  noticeSentFor: null,
  confirmedFor: null,
  failedAttempts: 0,
  retryAt: null,
});

export const decisions = {
  /** The next delivery is skipped: the date moves on by one interval. */
  skip(row: SubscriptionRow): Change {
    refuseCancelled(row);
    if (row.status === 'paused') throw new AppError('conflict', SUBSCRIPTION_PAUSED_SKIP);
    const next = new Date(row.nextRenewalAt.getTime() + row.intervalWeeks * WEEK_MS);
    return {
      set: newDate(next),
      kind: 'skipped',
      detail: `Skipped the delivery of ${day(row.nextRenewalAt)}; next on ${day(next)}`,
    };
  },

  pause(row: SubscriptionRow, now = new Date()): Change | null {
    refuseCancelled(row);
    if (row.status === 'paused') return null;
    return { set: { status: 'paused', pausedAt: now, retryAt: null }, kind: 'paused', detail: 'Paused' };
  },

  /** Back to renewing: on the old date when it is still ahead, else a day from now (never a charge at once). */
  resume(row: SubscriptionRow, now = new Date()): Change | null {
    refuseCancelled(row);
    if (row.status === 'active') return null;
    const earliest = new Date(now.getTime() + DAY_MS);
    const keep = row.nextRenewalAt.getTime() >= earliest.getTime();
    const next = keep ? row.nextRenewalAt : earliest;
    return {
      set: { status: 'active', pausedAt: null, ...(keep ? {} : newDate(next)) },
      kind: 'resumed',
      detail: `Resumed; next delivery on ${day(next)}`,
    };
  },

  cancel(row: SubscriptionRow, now = new Date()): Change | null {
    if (row.status === 'cancelled') return null;
    return {
      set: { status: 'cancelled', cancelledAt: now, retryAt: null },
      kind: 'cancelled',
      detail: 'Cancelled',
      cancelMail: true,
    };
  },
};
