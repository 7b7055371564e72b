import type { RecoveryDeps } from './service.ts';
import { checkoutReminderMail } from './emails/checkout-reminder.tsx';
import * as repo from './repo.ts';

/** The outbox kind of the reminders; its key is `checkout-reminder:<order id>`. */
export const REMINDER_MAIL = 'checkout_reminder';
/**
 * A checkout older than this gets no reminder, an address gets at most one reminder in this many
 * days, and an order placed this long after a reminder counts as recovered.
 */
export const WINDOW_DAYS = 7;
/** Candidates read at a time. */
const PAGE = 200;

/**
 * The reminder sweep (docs/decisions/0041), run every minute: with the owner's delay set, each
 * checkout the orders service names (left at the payment step, unpaid, older than the delay and
 * younger than a week, its address's newest order) gets one reminder, unless it has one, its
 * address unsubscribed or was reminded this week. The reminder's row and its e-mail are written in
 * one transaction: the row's primary key makes it once, whatever crashes or runs twice.
 */
export function createReminderSweep(d: RecoveryDeps) {
  const { db, orders } = d;

  /** One checkout's reminder; false when it turned out not to be due (paid, reminded, unsubscribed meanwhile). */
  async function remind(orderId: number, email: string): Promise<boolean> {
    const order = await orders.byId(orderId);
    if (!order?.email) return false;
    // Rendered before the transaction: it needs nothing from it (ADR 0025).
    const mail = await checkoutReminderMail(
      { ...order, email: order.email, items: await orders.items(db, orderId) },
      {
        restoreUrl: d.links.restoreLink(orderId),
        unsubscribeUrl: d.links.unsubscribeLink(email),
        oneClickUrl: d.links.oneClickLink(email),
      },
      d.store,
    );
    return db.transaction(async (tx) => {
      await repo.lockAddress(tx, email);
      if ((await repo.isUnsubscribed(tx, email)) || (await repo.remindedWithin(tx, email, WINDOW_DAYS))) return false;
      // The order locked, as its payment's completion locks it: paid a moment ago means no reminder.
      const now = await orders.lock(tx, orderId);
      if (now?.status !== 'pending' || now.paidAt || now.paymentIssue || now.cancelledAt) return false;
      if (!(await repo.insertReminder(tx, orderId, email))) return false;
      await d.outbox.enqueue(tx, { key: `checkout-reminder:${orderId}`, kind: REMINDER_MAIL, ref: orderId, ...mail });
      return true;
    });
  }

  return async function sweepReminders(): Promise<number> {
    const delay = d.reminderDelayHours();
    if (delay === null) return 0;
    let sent = 0;
    let afterId = 0;
    for (;;) {
      const page = await orders.reminderCandidates({ olderThanHours: delay, youngerThanDays: WINDOW_DAYS, afterId, limit: PAGE });
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
        if (reminded.has(c.id) || unsubscribed.has(c.email) || recent.has(c.email)) continue;
        try {
          if (await remind(c.id, c.email)) sent += 1;
        } catch (err) {
          d.log.warn({ err, orderId: c.id }, 'checkout reminder not queued; the next sweep tries again');
        }
      }
      if (page.length < PAGE) break;
    }
    if (sent > 0) d.outbox.deliverSoon();
    return sent;
  };
}
