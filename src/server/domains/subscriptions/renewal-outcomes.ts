import { formatUsd } from '#shared/money.ts';
import { RENEWAL_RETRIES, RENEWAL_RETRY_DAYS } from '#shared/subscription-states.ts';
import type { Tx } from '#db/client.ts';
import type { Order } from '../orders/service.ts';
import type { SubscriptionsDeps } from './deps.ts';
import { renewalFailedMail, renewalPausedMail } from './emails/renewal-mails.ts';
import * as repo from './renewals-repo.ts';

const DAY_MS = 86_400_000;

export type RenewalOutcome =
  | { state: 'renewed'; orderId: number; totalCents: number }
  | { state: 'failed'; message: string; orderId: number | null; paused: boolean; retryAt: Date | null }
  | { state: 'waiting'; reason: string };

/**
 * What a renewal attempt ends in (docs/decisions/0053), each in one transaction with its e-mail:
 * paid (the order's stock sold, its confirmation queued, the next date set), or failed (the order
 * closed and its stock back, the failure counted, a retry set or, past the last, a pause).
 */
export function createRenewalOutcomes(d: SubscriptionsDeps) {
  /** Counts a failed attempt on the locked subscription, with its e-mail: a retry, or the pause after the last. */
  async function recordFailure(
    tx: Tx,
    sub: repo.SubscriptionRow,
    message: string,
    orderId: number | null,
  ): Promise<RenewalOutcome> {
    const now = new Date();
    const attempts = sub.failedAttempts + 1;
    const pageUrl = d.links.link(sub.id);
    const key = `${sub.id}:${sub.nextRenewalAt.toISOString()}:${attempts}`;
    if (attempts > RENEWAL_RETRIES) {
      await repo.updateSubscription(tx, sub.id, {
        status: 'paused',
        pausedAt: now,
        retryAt: null,
        failedAttempts: attempts,
        lastFailure: message,
      });
      await repo.insertEvent(tx, {
        subscriptionId: sub.id,
        kind: 'paused',
        detail: `Paused after ${attempts} failed renewal attempts: ${message}`,
        actor: 'store',
        orderId,
      });
      const mail = await renewalPausedMail(sub, message, { pageUrl, store: d.store });
      await d.outbox.enqueue(tx, { key: `subscription-paused:${key}`, kind: 'subscription_paused', ref: sub.id, ...mail });
      return { state: 'failed', message, orderId, paused: true, retryAt: null };
    }
    // Counted from the renewal's date (or now, for the owner's early "Renew now"); never sooner than a day away.
    const base = Math.min(sub.nextRenewalAt.getTime(), now.getTime());
    const days = RENEWAL_RETRY_DAYS[attempts - 1] ?? 7;
    const retryAt = new Date(Math.max(base + days * DAY_MS, now.getTime() + DAY_MS));
    await repo.updateSubscription(tx, sub.id, { failedAttempts: attempts, retryAt, lastFailure: message });
    await repo.insertEvent(tx, {
      subscriptionId: sub.id,
      kind: 'payment_failed',
      detail: `Renewal attempt ${attempts} failed: ${message} Tried again on ${retryAt.toISOString().slice(0, 10)}.`,
      actor: 'store',
      orderId,
    });
    const mail = await renewalFailedMail(sub, message, retryAt, { pageUrl, store: d.store });
    await d.outbox.enqueue(tx, { key: `renewal-failed:${key}`, kind: 'renewal_failed', ref: sub.id, ...mail });
    return { state: 'failed', message, orderId, paused: false, retryAt };
  }

  return {
    recordFailure,

    /**
     * The charge succeeded: the order paid (once, whoever gets here first: this sweep, a later one
     * after a crash, or checkout's own sweep), and the subscription booked once for it.
     */
    async succeeded(subscriptionId: number, found: Order, paymentId: string): Promise<RenewalOutcome> {
      let paidNow = false;
      const order = await d.db.transaction(async (tx) => {
        const sub = await repo.lockSubscription(tx, subscriptionId, false);
        let order = (await d.orders.lock(tx, found.id)) ?? found;
        await d.orders.setRenewalPayment(tx, order.id, paymentId);
        if (order.status === 'pending' && !order.paidAt) {
          if (order.stockReleasedAt || order.expiredAt) {
            // Paid after its hold ended (a charge that hung for a day): its units are taken now, even below zero stock is refused.
            await d.catalog.holds.sell(tx, order.id, await d.orders.items(tx, order.id));
          } else {
            await d.catalog.holds.commit(tx, order.id);
          }
          order = await d.orders.markPaid(tx, order, 'card');
          paidNow = true;
        }
        if (sub && !(await repo.hasOrderEvent(tx, sub.id, 'renewed', order.id))) {
          const due = order.renewalDueAt ?? new Date();
          const base = Math.min(sub.nextRenewalAt.getTime(), due.getTime());
          const step = sub.intervalWeeks * 7 * DAY_MS;
          let next = base + step;
          while (next <= Date.now()) next += step;
          const nextRenewalAt = new Date(next);
          await repo.updateSubscription(tx, sub.id, { nextRenewalAt, failedAttempts: 0, retryAt: null, lastFailure: null });
          await repo.insertEvent(tx, {
            subscriptionId: sub.id,
            kind: 'renewed',
            detail: `Renewed as order ${order.id} for ${formatUsd(order.totalCents)}`,
            actor: 'store',
            orderId: order.id,
          });
        }
        return order;
      });
      if (paidNow) {
        await d.catalog.catalogChanged();
        d.orders.deliverMail();
        await recordTax(order);
      }
      return { state: 'renewed', orderId: order.id, totalCents: order.totalCents };
    },

    /** The charge was declined: the order closed unpaid with its stock back, and the failure counted (once). */
    async declined(subscriptionId: number, found: Order, message: string): Promise<RenewalOutcome> {
      const outcome = await d.db.transaction(async (tx): Promise<RenewalOutcome> => {
        const sub = await repo.lockSubscription(tx, subscriptionId, false);
        const order = await d.orders.lock(tx, found.id);
        if (!sub || !order || order.status !== 'pending' || order.expiredAt) {
          return { state: 'waiting', reason: 'This renewal attempt was settled already.' };
        }
        if (!order.stockReleasedAt) {
          await d.catalog.holds.release(tx, order.id);
          await d.orders.setHeld(tx, order.id, false);
        }
        await d.orders.recordEvent(
          order.id,
          'payment_failed',
          `Renewal payment declined: ${message}`,
          'payment provider',
          null,
          tx,
        );
        await d.orders.close(tx, order.id);
        return recordFailure(tx, sub, message, order.id);
      });
      await d.catalog.catalogChanged();
      d.outbox.deliverSoon();
      return outcome;
    },
  };

  /** The paid renewal's tax recorded with the provider (a failure is logged; checkout's minute sweep records it later). */
  async function recordTax(order: Order): Promise<void> {
    if (!d.tax.enabled || !order.taxCalculationId || order.taxTransactionId || !order.paidAt) return;
    try {
      const { transactionId } = await d.tax.record(order.taxCalculationId, `order-${order.id}`);
      await d.orders.setTaxTransaction(order.id, transactionId);
    } catch (err) {
      d.log.error({ err, orderId: order.id }, 'renewal tax transaction not recorded; tried again by the sweep');
    }
  }
}

export type RenewalOutcomes = ReturnType<typeof createRenewalOutcomes>;
