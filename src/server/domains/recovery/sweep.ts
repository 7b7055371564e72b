import type { RecoveryDeps } from './deps.ts';
import { checkoutReminderMail } from './emails/checkout-reminder.tsx';
import * as repo from './repo.ts';

/** The outbox kind of the reminders; its key is `checkout-reminder:<order id>`. */
export const REMINDER_MAIL = 'checkout_reminder';
/** An address gets at most one reminder in this many days, and an order placed this long after a reminder counts as recovered. */
export const WINDOW_DAYS = 7;
/**
 * A checkout is reminded within this many hours after its delay, never later: turning reminders
 * on (or a store down for a while) mails a day of left checkouts at most, not a week's, and each
 * sweep reads that one day of checkouts.
 */
export const CATCH_UP_HOURS = 24;
/** Reminders queued by one sweep at most; the next minute's sweep queues the rest. */
export const REMINDERS_PER_SWEEP = 20;
/**
 * A reminder not delivered within this many hours of being queued (the mail server down) is
 * dropped by the outbox: a late one could reach someone who has paid since.
 */
export const REMINDER_SEND_HOURS = 3;
/** Candidates read at a time. */
const PAGE = 200;
const HOUR_MS = 3_600_000;

/**
 * The reminder sweep (docs/decisions/0041), run every minute: with the owner's delay set, each
 * checkout the orders service names (left at the payment step, unpaid, started between the delay
 * and a day after it, its address's newest order) gets one reminder, unless it has one, its
 * address unsubscribed or was reminded this week; at most REMINDERS_PER_SWEEP a run. The
 * reminder's row and its e-mail are written in one transaction that checks the rule again: the
 * row's primary key makes it once, whatever crashes or runs twice.
 */
export function createReminderSweep(d: RecoveryDeps) {
  const { db, orders } = d;

  /** One checkout's reminder; false when it turned out not to be due (paid, reminded, unsubscribed meanwhile). */
  async function remind(orderId: number, email: string, window: { olderThanHours: number; youngerThanHours: number }) {
    const order = await orders.byId(orderId);
    if (!order?.email) return false;
    // Rendered before the transaction: it needs nothing from it (ADR 0025).
    const mail = await checkoutReminderMail(
      { ...order, email: order.email, items: await orders.items(db, orderId) },
      { restoreUrl: d.links.restoreLink(orderId), unsubscribeUrl: d.links.unsubscribeLink(email) },
      d.store,
    );
    return db.transaction(async (tx) => {
      await repo.lockAddress(tx, email);
      const [unsubscribed, recent] = await Promise.all([
        repo.selectUnsubscribed(tx, [email]),
        repo.selectRemindedWithin(tx, [email], WINDOW_DAYS),
      ]);
      if (unsubscribed.size > 0 || recent.size > 0) return false;
      // The rule again, for this checkout alone and now: paid a moment ago, or a later order of the
      // address (paid or not) since the candidates were read, means no reminder.
      if (!(await orders.lockReminderCandidate(tx, orderId, email, window))) return false;
      if (!(await repo.insertReminder(tx, orderId, email))) return false;
      await d.outbox.enqueue(tx, {
        key: `checkout-reminder:${orderId}`,
        kind: REMINDER_MAIL,
        ref: orderId,
        expiresAt: new Date(Date.now() + REMINDER_SEND_HOURS * HOUR_MS),
        ...mail,
      });
      return true;
    });
  }

  async function sweepReminders(): Promise<number> {
    const delay = d.reminderDelayHours();
    if (delay === null) return 0;
    const window = { olderThanHours: delay, youngerThanHours: delay + CATCH_UP_HOURS };
    let sent = 0;
    let afterId = 0;
    while (sent < REMINDERS_PER_SWEEP) {
      const page = await orders.reminderCandidates({ ...window, afterId, limit: PAGE });
      const last = page.at(-1);
      if (!last) break;
      afterId = last.id;
      const emails = [...new Set(page.map((c) => c.email))];
      const [reminded, unsubscribed, recent] = await Promise.all([
        repo.selectReminded(
          db,
          page.map((c) => c.id),
        ),
        repo.selectUnsubscribed(db, emails),
        repo.selectRemindedWithin(db, emails, WINDOW_DAYS),
      ]);
      for (const c of page) {
        if (sent >= REMINDERS_PER_SWEEP) break;
        if (reminded.has(c.id) || unsubscribed.has(c.email) || recent.has(c.email)) continue;
        try {
          if (await remind(c.id, c.email, window)) sent += 1;
        } catch (err) {
          d.log.warn({ err, orderId: c.id }, 'checkout reminder not queued; the next sweep tries again');
        }
      }
      if (page.length < PAGE) break;
    }
    if (sent > 0) d.outbox.deliverSoon();
    return sent;
  }

  // One run at a time in this process: a call while one runs (a slow minute overlapping the next)
  // gets that run's answer instead of reading the same checkouts again beside it.
  let running: Promise<number> | null = null;
  return function sweep(): Promise<number> {
    running ??= sweepReminders().finally(() => {
      running = null;
    });
    return running;
  };
}
