import { formatCents } from '#shared/money.ts';
import { RESTORE_LINK_INVALID, type ReminderFigures, type RestoreResult, type UnsubscribeView } from '#shared/recovery.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { CartService } from '../cart/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { RecoveryLinks } from './links.ts';
import * as repo from './repo.ts';
import { createReminderSweep, REMINDER_MAIL, WINDOW_DAYS } from './sweep.ts';

export type RecoveryService = ReturnType<typeof createRecoveryService>;

const DAY_MS = 86_400_000;

/** What the recovery domain needs of the store. */
export interface RecoveryDeps {
  db: Database;
  orders: OrdersService;
  cart: CartService;
  outbox: Outbox;
  links: RecoveryLinks;
  /** The order page's address of a paid order (ADR 0038). */
  orderPageLink(orderId: number): string;
  store: StoreContact;
  /** The owner's delay, as the settings are now: hours, or null when reminders are off. */
  reminderDelayHours(): number | null;
  log: FastifyBaseLogger;
}

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
    /** The reminder's links (the tests make them as the e-mail does). */
    links: d.links,

    /** Every minute (sweeps.ts): the reminders that are due, each once. Returns how many were queued. */
    sweep: createReminderSweep(d),

    /**
     * POST /api/recover/:token: the checkout's lines back in this browser's cart, by the cart's
     * rules, and its shipping details for the checkout's form. A checkout paid since answers with
     * its order page instead; a token that opens nothing, 404.
     */
    async restore(
      token: string,
      sessionId: string,
    ): Promise<{ restored: RestoreResult } | { paid: { orderPage: string | null } }> {
      const order = await orders.byId(d.links.orderIdOf(token));
      if (!order) throw new AppError('not_found', RESTORE_LINK_INVALID);
      if (order.paidAt) return { paid: { orderPage: new URL(d.orderPageLink(order.id)).pathname } };
      // Money came in but did not make it paid: the owner looks at it; nothing to restore.
      if (order.paymentIssue) return { paid: { orderPage: null } };
      const items = await orders.items(db, order.id);
      const lines = await d.cart.restoreLines(sessionId, items);
      await repo.markRestored(db, order.id);
      return {
        restored: {
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
        },
      };
    },

    /** GET /api/unsubscribe/:token (and its page): the address, and whether it is unsubscribed already. */
    async unsubscribeView(token: string): Promise<UnsubscribeView> {
      const email = d.links.emailOf(token);
      return { email, unsubscribed: await repo.isUnsubscribed(db, email) };
    },

    /** POST /api/unsubscribe/:token (the page's button, and RFC 8058's one-click): no more reminders, however often. */
    async unsubscribe(token: string): Promise<UnsubscribeView> {
      const email = d.links.emailOf(token);
      await repo.insertUnsubscribe(db, email);
      d.log.info('an address unsubscribed from checkout reminders');
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
      const [sent, reminders] = await Promise.all([
        repo.countSent(db, start, end),
        repo.selectSent(db, new Date(start.getTime() - WINDOW_DAYS * DAY_MS), end),
      ]);
      const byEmail = new Map<string, repo.ReminderRow[]>();
      for (const r of reminders) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r]);
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
