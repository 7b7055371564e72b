import { createHash } from 'node:crypto';
import { formatCents } from '#shared/money.ts';
import { REORDER_LINK_INVALID, type ReorderFigures, type ReorderResult } from '#shared/reorders.ts';
import { AppError } from '../../errors.ts';
import type { ReordersDeps } from './deps.ts';
import * as repo from './repo.ts';
import { createReorderSweep, REORDER_MAIL } from './sweep.ts';

export type ReordersService = ReturnType<typeof createReordersService>;
export { customerReorderReminders, eraseCustomerReorderReminders } from './customer-privacy.ts';
export type { ReordersDeps } from './deps.ts';

const DAY_MS = 86_400_000;
/** An order paid from a cart within this many days after a Reorder link filled it counts as that reminder's reorder. */
export const ATTRIBUTION_DAYS = 14;

/** A cart's session id as the visits keep it: its SHA-256, so the table holds no key to a cart. */
export const sessionHashOf = (sessionId: string) => createHash('sha256').update(sessionId, 'utf8').digest('hex');

/**
 * Reorder reminders (docs/decisions/0051): one e-mail for a paid order whose shopper ticked
 * "Remind me when I may be running low", the owner's days per bottle after delivery (sweep.ts); its
 * Reorder link puts the order's products in the browser's cart at today's prices with the shipping
 * details; the unsubscribe list is the checkout reminders' (one list for every reminder). It owns
 * `reorder_reminders` and `reorder_visits`; orders and carts are their services'.
 */
export function createReordersService(d: ReordersDeps) {
  const { db, orders } = d;

  d.outbox.onDelivered(REORDER_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await orders.recordEvent(orderId, 'email_sent', `Reorder reminder sent to ${to}`, 'store', null, tx);
  });

  return {
    /** Every minute (sweeps.ts): the reminders that are due, each once. Returns how many were queued. */
    sweep: createReorderSweep(d),

    /**
     * POST /api/reorder/:token: the order's products in this browser's cart, by the cart's rules
     * (today's prices and stock; a product no longer sold is left out and named), and its shipping
     * details for the checkout's form. The cart is kept (as a hash) so the order paid from it counts
     * as a reorder. A token that opens nothing, or an order that is not paid or was erased, 404.
     */
    async reorder(token: string, sessionId: string): Promise<ReorderResult> {
      const order = await orders.byId(d.links.orderIdOf(token));
      if (!order?.paidAt || order.erasedAt || !order.email) throw new AppError('not_found', REORDER_LINK_INVALID);
      const items = await orders.items(db, order.id);
      const lines = await d.cart.restoreLines(sessionId, items);
      await repo.insertVisit(db, order.id, sessionHashOf(sessionId));
      const prices = new Map((await d.cart.getCart(sessionId)).map((c) => [c.productId, c.product.price]));
      return {
        restored: lines.restored.map((l) => ({ ...l, unitPrice: prices.get(l.productId) ?? '0.00' })),
        missing: lines.missing,
        shipping: {
          email: order.email,
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
     * The analytics report's figures for the UTC days `from` to `to` (YYYY-MM-DD, inclusive): the
     * reminders sent in them, and the paid live orders paid in them that were placed from a cart a
     * Reorder link filled, within 14 days after, with their revenue net of refunds.
     */
    async figures(from: string, to: string): Promise<ReorderFigures> {
      const start = new Date(`${from}T00:00:00.000Z`);
      const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
      const [sent, visits] = await Promise.all([
        repo.selectSent(db, start, end),
        repo.selectVisits(db, new Date(start.getTime() - ATTRIBUTION_DAYS * DAY_MS), end),
      ]);
      const byCart = new Map<string, Date[]>();
      for (const v of visits) byCart.set(v.sessionHash, [...(byCart.get(v.sessionHash) ?? []), v.at]);
      const paid = byCart.size > 0 ? await orders.paidLiveOrdersOfCarts([...byCart.keys()], start, end) : [];
      const reorders = paid.filter((o) =>
        byCart
          .get(o.sessionHash)
          ?.some(
            (at) => o.createdAt.getTime() >= at.getTime() && o.createdAt.getTime() - at.getTime() <= ATTRIBUTION_DAYS * DAY_MS,
          ),
      );
      return {
        sent: sent.length,
        reorders: reorders.length,
        revenue: formatCents(reorders.reduce((n, o) => n + o.netCents, 0)),
      };
    },
  };
}
