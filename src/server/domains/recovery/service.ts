import { formatCents } from '#shared/money.ts';
import {
  RESTORE_LINK_INVALID,
  RESTORE_PAID,
  RESTORE_PAYMENT_PROBLEM,
  type ReminderFigures,
  type RestoreResult,
  type UnsubscribeView,
} from '#shared/recovery.ts';
import type { Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { RecoveryDeps } from './deps.ts';
import * as repo from './repo.ts';
import { createReminderSweep, REMINDER_MAIL, WINDOW_DAYS } from './sweep.ts';

export type RecoveryService = ReturnType<typeof createRecoveryService>;
export { customerReminders, eraseCustomerReminders } from './customer-privacy.ts';
export type { RecoveryDeps } from './deps.ts';

const DAY_MS = 86_400_000;

/** What the recovery domain needs of the store. */

/** A paid order was placed by a reminded address within the week after its reminder (or is the reminded checkout, paid after it). */
function recoveredBy(o: { id: number; createdAt: Date; paidAt: Date }, r: repo.ReminderRow): boolean {
  const sent = r.sentAt.getTime();
  const within = (at: Date) => at.getTime() >= sent && at.getTime() - sent <= WINDOW_DAYS * DAY_MS;
  return within(o.createdAt) || (o.id === r.orderId && within(o.paidAt));
}

/**
 * Abandoned-checkout recovery (docs/decisions/0041): one reminder e-mail for a checkout left at the
 * payment step, after the owner's delay (sweep.ts); its link brings the checkout's lines back into
 * the browser's cart with the shipping details; its unsubscribe link stops the reminders to that
 * address. It owns `checkout_reminders` and `mail_unsubscribes`; orders and carts are their
 * services'.
 */
export function createRecoveryService(d: RecoveryDeps) {
  const { db, orders } = d;

  d.outbox.onDelivered(REMINDER_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await orders.recordEvent(orderId, 'email_sent', `Checkout reminder sent to ${to}`, 'store', null, tx);
  });

  return {
    /** Every minute (sweeps.ts): the reminders that are due, each once. Returns how many were queued. */
    sweep: createReminderSweep(d),

    /**
     * POST /api/recover/:token: the checkout's lines back in this browser's cart, by the cart's
     * rules, and its shipping details for the checkout's form. A checkout paid since is a 409 that
     * names no order (the restore link never opens one: the confirmation e-mail and Track Your
     * Order do), as is one whose payment is set aside for the owner; a token that opens nothing, 404.
     */
    async restore(token: string, sessionId: string): Promise<RestoreResult> {
      const order = await orders.byId(d.links.orderIdOf(token));
      if (!order) throw new AppError('not_found', RESTORE_LINK_INVALID);
      if (order.paidAt) throw new AppError('conflict', RESTORE_PAID);
      // Money came in but did not make it paid: the owner looks at it; nothing to restore.
      if (order.paymentIssue) throw new AppError('conflict', RESTORE_PAYMENT_PROBLEM);
      const items = await orders.items(db, order.id);
      const lines = await d.cart.restoreLines(sessionId, items);
      await repo.markRestored(db, order.id);
      return {
        ...lines,
        shipping: {
          email: order.email ?? '',
          firstName: order.firstName ?? '',
          lastName: order.lastName ?? '',
          phone: order.phone ?? '',
          address: order.shippingAddress ?? '',
          city: order.shippingCity ?? '',
          state: order.shippingState ?? '',
          zip: order.shippingZip ?? '',
          country: order.shippingCountry ?? 'US',
        },
      };
    },

    /**
     * The one unsubscribe list, shared with the reorder reminders (docs/decisions/0051): the page
     * that stops every reminder to an address, and which addresses asked for that.
     */
    unsubscribeLink: (email: string) => d.links.unsubscribeLink(email),
    unsubscribedAmong: (emails: readonly string[], tx: Tx = db) => repo.selectUnsubscribed(tx, emails),

    /** GET /api/unsubscribe/:token (and its page): the address, and whether it is unsubscribed already. */
    async unsubscribeView(token: string): Promise<UnsubscribeView> {
      const email = d.links.emailOf(token);
      return { email, unsubscribed: (await repo.selectUnsubscribed(db, [email])).has(email) };
    },

    /**
     * POST /api/unsubscribe/:token (the page's button) and POST /unsubscribe/:token (RFC 8058's
     * one-click, to the List-Unsubscribe address): no more reminders, however often.
     */
    async unsubscribe(token: string): Promise<UnsubscribeView> {
      const email = d.links.emailOf(token);
      await repo.insertUnsubscribe(db, email);
      d.log.info('an address unsubscribed from reminders');
      return { email, unsubscribed: true };
    },

    /**
     * The analytics report's figures for the UTC days `from` to `to` (YYYY-MM-DD, inclusive): the
     * reminders sent in them, and the paid live orders paid in them that a reminded address placed
     * within 7 days after its reminder, with their revenue net of refunds.
     */
    async figures(from: string, to: string): Promise<ReminderFigures> {
      const start = new Date(`${from}T00:00:00.000Z`);
      const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
      // The period's reminders, and those of the week before it whose orders may fall in it.
      const reminders = await repo.selectSent(db, new Date(start.getTime() - WINDOW_DAYS * DAY_MS), end);
      const sent = reminders.filter((r) => r.sentAt >= start).length;
      const byEmail = new Map<string, repo.ReminderRow[]>();
      for (const r of reminders) {
        const of = byEmail.get(r.email);
        if (of) of.push(r);
        else byEmail.set(r.email, [r]);
      }
      const paid = byEmail.size > 0 ? await orders.paidLiveOrdersOf([...byEmail.keys()], start, end) : [];
      const recovered = paid.filter((o) => byEmail.get(o.email)?.some((r) => recoveredBy(o, r)));
      return {
        sent,
        ordersRecovered: recovered.length,
        revenueRecovered: formatCents(recovered.reduce((n, o) => n + o.netCents, 0)),
      };
    },
  };
}
