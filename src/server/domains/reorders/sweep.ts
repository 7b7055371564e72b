import type { ReordersDeps } from './deps.ts';
import { reorderReminderMail } from './emails/reorder-reminder.tsx';
import * as repo from './repo.ts';

/** The outbox kind of the reorder reminders; its key is `reorder-reminder:<order id>`. */
export const REORDER_MAIL = 'reorder_reminder';
/**
 * An order is reminded within this many days after its reminder fell due, never later: turning
 * reminders on (or lowering the days) mails a week of due orders at most, not a year of customers.
 */
export const CATCH_UP_DAYS = 7;
/** Reminders queued by one sweep at most; the next minute's sweep queues the rest. */
export const REMINDERS_PER_SWEEP = 20;
/** A reminder not delivered within a day of being queued (the mail server down) is dropped by the outbox. */
const SEND_HOURS = 24;
/** Candidates read at a time. */
const PAGE = 200;
const HOUR_MS = 3_600_000;

/**
 * The reorder reminder sweep (docs/decisions/0051), run every minute: with the owner's days set,
 * each paid order the orders service names (its shopper ticked the box, its reminder due within
 * the last week, its address's newest paid order) gets one reminder, unless it has one or its
 * address unsubscribed from reminders; at most REMINDERS_PER_SWEEP a run. The reminder's row and its
 * e-mail are written in one transaction that checks the rule again: the row's primary key makes it
 * once, whichever instance gets there first.
 */
export function createReorderSweep(d: ReordersDeps) {
  const { db, orders } = d;

  /** One order's reminder; false when it turned out not to be due (refunded, reminded, unsubscribed meanwhile). */
  async function remind(orderId: number, email: string, rule: { days: number; catchUpDays: number }) {
    const order = await orders.byId(orderId);
    if (!order?.email) return false;
    // Rendered before the transaction: it needs nothing from it (ADR 0025).
    const mail = await reorderReminderMail(
      { ...order, email: order.email, items: await orders.items(db, orderId) },
      { reorderUrl: d.links.reorderLink(orderId), unsubscribeUrl: d.unsubscribes.unsubscribeLink(email) },
      d.store,
    );
    return db.transaction(async (tx) => {
      if (!(await orders.lockReorderCandidate(tx, orderId, email, rule))) return false;
      if ((await d.unsubscribes.unsubscribedAmong([email], tx)).size > 0) return false;
      if (!(await repo.insertReminder(tx, orderId, email))) return false;
      await d.outbox.enqueue(tx, {
        key: `reorder-reminder:${orderId}`,
        kind: REORDER_MAIL,
        ref: orderId,
        expiresAt: new Date(Date.now() + SEND_HOURS * HOUR_MS),
        ...mail,
      });
      return true;
    });
  }

  async function sweepReminders(): Promise<number> {
    const days = d.reorderReminderDays();
    if (days === null) return 0;
    const rule = { days, catchUpDays: CATCH_UP_DAYS };
    let sent = 0;
    let afterId = 0;
    while (sent < REMINDERS_PER_SWEEP) {
      const page = await orders.reorderCandidates({ ...rule, afterId, limit: PAGE });
      const last = page.at(-1);
      if (!last) break;
      afterId = last.id;
      const [reminded, unsubscribed] = await Promise.all([
        repo.selectReminded(
          db,
          page.map((c) => c.id),
        ),
        d.unsubscribes.unsubscribedAmong([...new Set(page.map((c) => c.email))]),
      ]);
      for (const c of page) {
        if (sent >= REMINDERS_PER_SWEEP) break;
        if (reminded.has(c.id) || unsubscribed.has(c.email)) continue;
        try {
          if (await remind(c.id, c.email, rule)) sent += 1;
        } catch (err) {
          d.log.warn({ err, orderId: c.id }, 'reorder reminder not queued; the next sweep tries again');
        }
      }
      if (page.length < PAGE) break;
    }
    if (sent > 0) d.outbox.deliverSoon();
    return sent;
  }

  // One run at a time in this process: a call while one runs gets that run's answer.
  let running: Promise<number> | null = null;
  return function sweep(): Promise<number> {
    running ??= sweepReminders().finally(() => {
      running = null;
    });
    return running;
  };
}
