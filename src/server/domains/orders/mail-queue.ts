import type { Tx } from '#db/client.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import { rmaNumber } from '#shared/returns.ts';
import { type ConfirmationSubscription, orderConfirmationMail } from './emails/order-confirmation.tsx';
import { orderDeliveredMail } from './emails/order-delivered.tsx';
import { orderRefundedMail } from './emails/order-refunded.tsx';
import { orderShippedMail } from './emails/order-shipped.tsx';
import { recordEvent } from './history.ts';
import * as repo from './repo.ts';

const CONFIRMATION_MAIL = 'order_confirmation';
const SHIPPED_MAIL = 'order_shipped';
const REFUND_MAIL = 'order_refund';
const DELIVERED_MAIL = 'order_delivered';

export type OrderMail = ReturnType<typeof createOrderMail>;

export interface OrderMailDeps {
  outbox: Outbox;
  store: { publicUrl: string; supportEmail: string; supportPhone: string };
  /** The signed link that opens a product's review form for this buyer (the reviews domain's). */
  reviewLink(email: string, productId: number): string;
  /** The signed link to the order's page for its shopper (the order-status domain's). */
  orderPageLink(orderId: number): string;
  /**
   * The label provider reports deliveries (tracking): the review links wait for the delivered
   * e-mail. Otherwise the shipped e-mail carries them too, since a delivery may never be recorded.
   */
  deliveriesTracked: boolean;
}

/**
 * An order's e-mails, queued in the caller's transaction with the change that makes them due; the
 * outbox sends them in the background and retries them (docs/decisions/0020). Once per order: the
 * outbox key, and confirmation_email_sent_at / shipped_email_sent_at once delivered.
 */
export function createOrderMail(d: OrderMailDeps) {
  d.outbox.onDelivered(CONFIRMATION_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await repo.markConfirmationSent(tx, orderId);
    await recordEvent(tx, orderId, 'email_sent', `Order confirmation e-mailed to ${to}`, 'store');
  });
  d.outbox.onDelivered(SHIPPED_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await repo.markShippedSent(tx, orderId);
    await recordEvent(tx, orderId, 'email_sent', `Shipped e-mail sent to ${to}`, 'store');
  });

  d.outbox.onDelivered(REFUND_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await recordEvent(tx, orderId, 'email_sent', `Refund e-mail sent to ${to}`, 'store');
  });
  d.outbox.onDelivered(DELIVERED_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await repo.markDeliveredSent(tx, orderId);
    await recordEvent(tx, orderId, 'email_sent', `Delivered e-mail sent to ${to}`, 'store');
  });

  async function reviewLinks(tx: Tx, order: repo.OrderRow & { email: string }) {
    const items = await repo.selectItems(tx, order.id);
    const products = [...new Map(items.map((i) => [i.productId, i.name])).entries()];
    return { items, links: products.map(([productId, name]) => ({ name, url: d.reviewLink(order.email, productId) })) };
  }

  const queueShipped = async (tx: Tx, order: repo.OrderRow): Promise<boolean> => {
    if (!order.email || (order.status !== 'shipped' && order.status !== 'delivered') || order.shippedEmailSentAt) return false;
    const { items, links } = await reviewLinks(tx, { ...order, email: order.email });
    const mail = await orderShippedMail(order, items, d.store, d.orderPageLink(order.id), d.deliveriesTracked ? [] : links);
    return d.outbox.enqueue(tx, { key: `order-shipped:${order.id}`, kind: SHIPPED_MAIL, ref: order.id, ...mail });
  };

  const queueDelivered = async (tx: Tx, order: repo.OrderRow): Promise<boolean> => {
    if (!order.email || order.status !== 'delivered' || order.deliveredEmailSentAt) return false;
    const { items, links } = await reviewLinks(tx, { ...order, email: order.email });
    const mail = await orderDeliveredMail(order, items, d.store, d.orderPageLink(order.id), links);
    return d.outbox.enqueue(tx, { key: `order-delivered:${order.id}`, kind: DELIVERED_MAIL, ref: order.id, ...mail });
  };

  return {
    /** The confirmation of an order that became paid; false when it has none to send. */
    async queueConfirmation(
      tx: Tx,
      order: repo.OrderRow,
      subscription: ConfirmationSubscription | null = null,
    ): Promise<boolean> {
      if (!order.email || order.status === 'pending' || order.confirmationEmailSentAt) return false;
      const items = await repo.selectItems(tx, order.id);
      const mail = await orderConfirmationMail(order, items, d.store, d.orderPageLink(order.id), subscription);
      return d.outbox.enqueue(tx, { key: `order-confirmation:${order.id}`, kind: CONFIRMATION_MAIL, ref: order.id, ...mail });
    },

    /** The shipped e-mail, once however often the order is marked shipped. */
    queueShipped,
    /** The delivered e-mail with a review link per product, once however often the order is marked delivered. */
    queueDelivered,
    /** The e-mail an order's new status calls for: shipped, or delivered (a parcel delivered before any shipped e-mail gets only this one). */
    async queueForStatus(tx: Tx, order: repo.OrderRow): Promise<boolean> {
      if (order.status === 'shipped') return queueShipped(tx, order);
      if (order.status === 'delivered') return queueDelivered(tx, order);
      return false;
    },

    /** One e-mail per refund (or cancellation), however often its settlement is seen. */
    async queueRefund(
      tx: Tx,
      order: repo.OrderRow,
      refund: {
        id: number;
        amountCents: number;
        cancelsOrder: boolean;
        returnId: number | null;
        lines: readonly { name: string; quantity: number }[];
      },
    ): Promise<boolean> {
      if (!order.email) return false;
      const rma = refund.returnId === null ? null : rmaNumber(refund.returnId);
      const mail = await orderRefundedMail(order, { ...refund, rma }, d.store, d.orderPageLink(order.id));
      return d.outbox.enqueue(tx, { key: `order-refund:${refund.id}`, kind: REFUND_MAIL, ref: order.id, ...mail });
    },

    /** Sends what was queued, right after the caller's commit. */
    deliverSoon: () => d.outbox.deliverSoon(),
  };
}
