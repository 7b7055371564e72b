import { SUBSCRIPTION_LINK_INVALID } from '#shared/subscription-page.ts';
import { RENEWAL_NOTICE_DAYS } from '#shared/subscription-states.ts';
import { AppError } from '../../errors.ts';
import type { SubscriptionsDeps } from './deps.ts';
import { renewalNoticeMail, termsReminderMail, unconfirmedSkippedMail } from './emails/renewal-mails.ts';
import { priceRenewal, type RenewalPrice } from './renewal-pricing.ts';
import * as repo from './renewals-repo.ts';

const DAY_MS = 86_400_000;
/** An "ask me first" renewal left unconfirmed this many days past its date is skipped. */
export const UNCONFIRMED_SKIP_DAYS = 7;

const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * What a subscription tells its shopper before it charges (docs/decisions/0053; California Business
 * and Professions Code §17602): the notice 3 days before each renewal (Skip, Change date, Cancel;
 * Confirm with "ask me first"), the skip of an order never confirmed, and the yearly reminder of the
 * terms. Each is sent once, from the locked row, with the mark that says so in the same transaction.
 */
export function createNotices(d: SubscriptionsDeps) {
  const pricedOrNull = async (sub: repo.SubscriptionRow): Promise<RenewalPrice | null> => {
    const priced = await priceRenewal(d, sub, await repo.selectItems(d.db, sub.id));
    return priced.ok ? priced.price : null;
  };

  /** Each notice due: once per renewal date (noticeSentFor). */
  async function sendNotices(now: Date): Promise<number> {
    let sent = 0;
    for (const id of await repo.selectNoticeDueIds(d.db, now, RENEWAL_NOTICE_DAYS)) {
      const sub = await repo.selectSubscription(d.db, id);
      if (!sub) continue;
      const price = await pricedOrNull(sub);
      const done = await d.db.transaction(async (tx) => {
        const locked = await repo.lockSubscription(tx, id, true);
        if (locked?.status !== 'active' || !same(locked.nextRenewalAt, sub.nextRenewalAt)) return false;
        if (same(locked.noticeSentFor, locked.nextRenewalAt)) return false;
        // A renewal that cannot be priced (a product no longer sold) is told by its failure e-mail instead.
        if (price) {
          const mail = await renewalNoticeMail(locked, locked.nextRenewalAt, price, {
            pageUrl: d.links.link(id),
            taxed: d.tax.enabled,
            store: d.store,
          });
          await d.outbox.enqueue(tx, {
            key: `renewal-notice:${id}:${locked.nextRenewalAt.toISOString()}`,
            kind: 'renewal_notice',
            ref: id,
            ...mail,
          });
        }
        await repo.markNoticeSent(tx, id);
        return Boolean(price);
      });
      if (done) sent += 1;
    }
    return sent;
  }

  /** "Ask me first" renewals unconfirmed a week past their date: skipped, the next date set, the shopper told. */
  async function skipUnconfirmed(now: Date): Promise<number> {
    let skipped = 0;
    for (const id of await repo.selectUnconfirmedIds(d.db, now, UNCONFIRMED_SKIP_DAYS)) {
      const done = await d.db.transaction(async (tx) => {
        const sub = await repo.lockSubscription(tx, id, true);
        if (sub?.status !== 'active' || !sub.askFirst || same(sub.confirmedFor, sub.nextRenewalAt)) return false;
        if (sub.nextRenewalAt.getTime() + UNCONFIRMED_SKIP_DAYS * DAY_MS > now.getTime()) return false;
        const step = sub.intervalWeeks * 7 * DAY_MS;
        let next = sub.nextRenewalAt.getTime() + step;
        while (next <= now.getTime()) next += step;
        const nextRenewalAt = new Date(next);
        await repo.updateSubscription(tx, id, { nextRenewalAt, retryAt: null, failedAttempts: 0, lastFailure: null });
        await repo.insertEvent(tx, {
          subscriptionId: id,
          kind: 'skipped',
          detail: `The renewal of ${sub.nextRenewalAt.toISOString().slice(0, 10)} was not confirmed within ${UNCONFIRMED_SKIP_DAYS} days: skipped`,
          actor: 'store',
        });
        const mail = await unconfirmedSkippedMail(sub, sub.nextRenewalAt, nextRenewalAt, {
          pageUrl: d.links.link(id),
          store: d.store,
        });
        await d.outbox.enqueue(tx, {
          key: `renewal-unconfirmed:${id}:${sub.nextRenewalAt.toISOString()}`,
          kind: 'renewal_unconfirmed',
          ref: id,
          ...mail,
        });
        return true;
      });
      if (done) skipped += 1;
    }
    return skipped;
  }

  /** The yearly reminder of the terms: a year after the consent, then a year after each reminder. */
  async function remindTerms(now: Date): Promise<number> {
    let sent = 0;
    for (const id of await repo.selectTermsDueIds(d.db, now)) {
      const sub = await repo.selectSubscription(d.db, id);
      if (!sub) continue;
      const price = await pricedOrNull(sub);
      const done = await d.db.transaction(async (tx) => {
        const locked = await repo.lockSubscription(tx, id, true);
        const since = locked?.termsRemindedAt ?? locked?.consentAt;
        if (!locked || !since || locked.status !== 'active' || since.getTime() + 365 * DAY_MS > now.getTime() + DAY_MS)
          return false;
        const mail = await termsReminderMail(locked, price, { pageUrl: d.links.link(id), taxed: d.tax.enabled, store: d.store });
        await d.outbox.enqueue(tx, {
          key: `terms-reminder:${id}:${since.toISOString()}`,
          kind: 'terms_reminder',
          ref: id,
          ...mail,
        });
        await repo.updateSubscription(tx, id, { termsRemindedAt: now });
        await repo.insertEvent(tx, {
          subscriptionId: id,
          kind: 'terms_reminded',
          detail: 'Yearly reminder of the terms e-mailed',
          actor: 'store',
        });
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  }

  return {
    /** Every minute: notices, unconfirmed skips and yearly reminders due. Returns how many e-mails were queued. */
    async sweep(): Promise<number> {
      const now = new Date();
      const n = (await sendNotices(now)) + (await skipUnconfirmed(now)) + (await remindTerms(now));
      if (n > 0) d.outbox.deliverSoon();
      return n;
    },

    /**
     * POST /api/subscriptions/:token/confirm: the shopper confirms the pending renewal of an "ask me
     * first" subscription (its date, `for`, when the page names it). 404 for a token that opens nothing.
     */
    async confirm(token: string, expected: Date | null): Promise<{ nextRenewalAt: Date; confirmedFor: Date }> {
      const id = d.links.subscriptionIdOf(token);
      if (id === null) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
      return d.db.transaction(async (tx) => {
        const sub = await repo.lockSubscription(tx, id, false);
        if (!sub) throw new AppError('not_found', SUBSCRIPTION_LINK_INVALID);
        if (sub.status !== 'active')
          throw new AppError('conflict', `This subscription is ${sub.status}: there is no order to confirm.`);
        if (!sub.askFirst)
          throw new AppError('conflict', 'This subscription renews without asking: there is nothing to confirm.');
        if (expected && !same(expected, sub.nextRenewalAt)) {
          throw new AppError('conflict', 'This order’s date has changed. Please check the date on your subscription page.');
        }
        if (!same(sub.confirmedFor, sub.nextRenewalAt)) {
          await repo.confirmPending(tx, id);
          await repo.insertEvent(tx, {
            subscriptionId: id,
            kind: 'confirmed',
            detail: `Renewal of ${sub.nextRenewalAt.toISOString().slice(0, 10)} confirmed`,
            actor: 'shopper',
          });
        }
        return { nextRenewalAt: sub.nextRenewalAt, confirmedFor: sub.nextRenewalAt };
      });
    },
  };
}
