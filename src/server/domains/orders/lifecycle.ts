import { paymentMethodLabel } from '#shared/payment-methods.ts';
import { formatUsd } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import { type Actor, recordEvent } from './history.ts';
import type { ConfirmationSubscription } from './emails/order-confirmation.tsx';
import type { OrderMail } from './mail-queue.ts';
import type { OrderWebhooks } from './webhooks.ts';
import * as repo from './repo.ts';

/** An unpaid checkout that can still be paid: not closed, not past its end, no payment problem. */
export const isOpen = (o: repo.OrderRow) =>
  o.status === 'pending' && !o.expiredAt && !o.paymentIssue && !o.paidAt && o.expiresAt.getTime() > Date.now();

/**
 * An order's way from checkout to paid, one step per function, for the checkout domain that drives
 * it (its transactions, its rules). Functions taking `tx` run inside the caller's transaction.
 */
export function createOrderLifecycle(db: Database, mail: OrderMail, hooks: OrderWebhooks) {
  return {
    /** A new unpaid order; its lines copy each product's name and price (order lines are snapshots). */
    async open(
      tx: Tx,
      v: Parameters<typeof repo.insertOrder>[1],
      lines: Parameters<typeof repo.insertOrder>[2],
    ): Promise<repo.OrderRow> {
      const order = await repo.insertOrder(tx, v, lines);
      const units = lines.reduce((n, l) => n + l.quantity, 0);
      await recordEvent(
        tx,
        order.id,
        'checkout_started',
        `Checkout started: ${units} ${units === 1 ? 'item' : 'items'}, ${formatUsd(order.totalCents)}`,
        'shopper',
      );
      return order;
    },

    byId: (id: number, tx: Tx = db) => repo.selectById(tx, id),
    byPaymentId: (paymentIntentId: string) => repo.selectByPaymentId(db, paymentIntentId),
    /** The order, locked until the caller's transaction ends: one change at a time per order. */
    lock: (tx: Tx, id: number) => repo.selectById(tx, id, true),
    items: (tx: Tx, orderId: number) => repo.selectItems(tx, orderId),

    /** A session's unpaid checkouts that hold stock or a discount code's use, newest first, locked. */
    replaceableOfSession: (tx: Tx, sessionId: string) => repo.selectReplaceableOfSession(tx, sessionId),
    /** Unpaid checkouts past their end that are not closed yet. */
    endedCheckouts: () => repo.selectEndedCheckouts(db),
    /** Payment ids of recent pending orders, for reconciliation after a crash. */
    recentPendingPaymentIds: () => repo.selectRecentPendingPaymentIds(db),

    /** stock_released_at is null exactly while the order holds stock. */
    async setHeld(tx: Tx, orderId: number, held: boolean): Promise<void> {
      await repo.updateOrder(tx, orderId, { stockReleasedAt: held ? null : new Date() });
    },

    async attachPayment(orderId: number, paymentIntentId: string): Promise<void> {
      await repo.updateOrder(db, orderId, { paymentIntentId });
    },

    /** Closes an unpaid checkout: it can no longer be paid, and it leaves the dashboard. */
    async close(tx: Tx, orderId: number): Promise<void> {
      await repo.updateOrder(tx, orderId, { expiredAt: new Date() });
      await recordEvent(tx, orderId, 'checkout_closed', 'Checkout closed unpaid; nothing is held for it any more', 'store');
    },

    /** Cancels an unpaid order (its hold released by the caller): it can no longer be paid. */
    async cancelUnpaid(tx: Tx, order: repo.OrderRow, reason: string | null, actor: Actor): Promise<repo.OrderRow> {
      const now = new Date();
      const cancelled =
        (await repo.updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: now, expiredAt: order.expiredAt ?? now })) ??
        order;
      await recordEvent(tx, order.id, 'cancelled', `Order cancelled before payment${reason ? ` (${reason})` : ''}`, actor);
      return cancelled;
    },

    /** Sets a payment problem aside for the owner; the order is then never paid by itself. */
    async flag(tx: Tx, order: repo.OrderRow, issue: string): Promise<repo.OrderRow> {
      const flagged = (await repo.updateOrder(tx, order.id, { paymentIssue: issue })) ?? order;
      await recordEvent(tx, order.id, 'payment_problem', `Payment problem: ${issue}`, 'store');
      return flagged;
    },

    /**
     * Paid: its stock is its own for good, and its confirmation is queued with the change.
     * `methodKind` is what the provider says paid it ('card', 'apple_pay', 'link', …).
     */
    async markPaid(
      tx: Tx,
      order: repo.OrderRow,
      methodKind: string | null,
      /** The payment time (now when not given), and the subscription the order started, for its confirmation. */
      extra: { paidAt?: Date; subscription?: ConfirmationSubscription | null } = {},
    ): Promise<repo.OrderRow> {
      const paid =
        (await repo.updateOrder(tx, order.id, {
          status: 'paid',
          paidAt: extra.paidAt ?? new Date(),
          stockReleasedAt: null,
          expiredAt: null,
          paymentMethodKind: methodKind,
        })) ?? order;
      const how =
        paid.paymentMode === 'test'
          ? ' with a test payment (no money taken)'
          : methodKind
            ? ` with ${methodKind === 'card' ? 'a card' : paymentMethodLabel(methodKind)}`
            : '';
      await recordEvent(
        tx,
        order.id,
        'paid',
        `Paid ${formatUsd(paid.totalCents)}${how}`,
        'payment provider',
        `Order placed: ${formatUsd(paid.totalCents)} paid`,
      );
      await mail.queueConfirmation(tx, paid, extra.subscription ?? null);
      await hooks.paid(tx, paid);
      return paid;
    },

    /** Sends the e-mails and webhooks queued by the steps above, right after the caller's commit. */
    deliverMail: mail.deliverSoon,
  };
}
