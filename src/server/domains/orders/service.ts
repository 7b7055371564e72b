import type { OrderEventType } from '#shared/order-events.ts';
import type { Database, Tx } from '#db/client.ts';
import type { DiscountsService } from '../discounts/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { type Actor, type NewEvent, recordEvent, recordEvents } from './history.ts';
import { createOrderLifecycle, isOpen } from './lifecycle.ts';
import { createOrderMail, type OrderMailDeps } from './mail-queue.ts';
import { createOrderDisputes } from './disputes.ts';
import { createOrderRefunds } from './refunds.ts';
import * as historyRepo from './history-repo.ts';
import * as kindsRepo from './kinds-repo.ts';
import * as repo from './repo.ts';
import * as remindersRepo from './reminders-repo.ts';
import { selectRenewalSales } from './renewal-sales-repo.ts';
import * as reordersRepo from './reorders-repo.ts';
import { checkoutWrites } from './checkout-writes.ts';
import { createRenewalWrites } from './renewal-writes.ts';
import { createTaxWrites } from './tax-writes.ts';
import { createOwnerViews } from './owner-views.ts';
import { createStatusChanges } from './status-changes.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import { createOrderWebhooks } from './webhooks.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

export { type Actor, actorName } from './history.ts';
export { paidFor } from './refund-amounts.ts';
export type { RefundRow } from './refunds.ts';
export { discountOf } from './views.ts';
export { customerOrders, eraseCustomerOrders } from './customer-privacy.ts';
export { type OrderKind, paidLive, paidTest } from './kinds.ts';

/** An order as this service hands it to other domains: read it freely, change it only through this service. */
export type Order = repo.OrderRow;
/** A line of an order, a snapshot of the product as it was bought. */
export type OrderLine = repo.OrderItemRow;

interface Deps extends OrderMailDeps {
  db: Database;
  /** The owner's notification address (the store's settings), for the dispute alerts. */
  ownerEmail(): string | undefined;
  catalog: CatalogService;
  /** A discount code's use, spent when the owner marks an unpaid checkout paid. */
  discounts: Pick<DiscountsService, 'redeem'>;
  /** Webhooks out: the order events, written with their change (docs/decisions/0058). */
  webhooks: WebhookEmitter;
}

/**
 * Orders (docs/engineering.md §4, §6): their rows and items, what the buyer and the owner see of them, the
 * owner's status changes, labels, the order e-mails and the sales figures. Checkout (domains/checkout)
 * drives an order from start to paid through `lifecycle.ts`.
 */
export function createOrdersService(d: Deps) {
  const { db, catalog } = d;
  const queued = createOrderMail(d);
  // What is queued with a change (its e-mails, its webhooks) is sent right after the commit.
  const mail = {
    ...queued,
    deliverSoon: () => {
      queued.deliverSoon();
      d.webhooks.deliverSoon();
    },
  };
  const hooks = createOrderWebhooks(d.webhooks);
  const disputes = createOrderDisputes(db, d);

  return {
    ...createOrderLifecycle(db, mail, hooks),
    ...checkoutWrites,
    ...createRenewalWrites(db),
    ...createTaxWrites(db),
    ...createOwnerViews(db, disputes),
    ...createStatusChanges(db, { catalog, discounts: d.discounts, mail, hooks }),
    /** An order's refunds: checked and recorded here, the money moved by checkout (domains/checkout/refunds.ts). */
    refunds: createOrderRefunds(db, mail, hooks, (tx, order) => disputes.refundBlockedReason(tx, order)),
    /** Stripe's disputes of the orders' payments (docs/decisions/0059). */
    disputes,
    isOpen,

    /** Keeps a new label on its order, in the caller's transaction when it passes one; false when the order got one meanwhile. */
    attachLabel: (id: number, label: Parameters<typeof repo.attachLabel>[2], tx: Tx = db) => repo.attachLabel(tx, id, label),
    detachLabel: (id: number) => repo.detachLabel(db, id),

    /**
     * Records what another domain did to an order (a label made or printed, a payment declined, a
     * parcel scanned, a return), in the caller's transaction when it passes one; the shopper's
     * line when their order page shows it.
     */
    recordEvent: (
      orderId: number,
      type: OrderEventType,
      message: string,
      actor: Actor,
      shopperMessage: string | null = null,
      tx: Tx = db,
      at?: Date,
    ) => recordEvent(tx, orderId, type, message, actor, shopperMessage, at),
    /** Several events at once (a carrier's scans), in one statement of the caller's transaction. */
    recordEvents: (tx: Tx, events: readonly NewEvent[]) => recordEvents(tx, events),

    /** These orders with their items, by id, in two statements (a page of another domain's records). */
    async withItems(ids: readonly number[]): Promise<Map<number, { order: Order; items: OrderLine[] }>> {
      const found = await repo.withItems(db, await repo.selectByIds(db, [...new Set(ids)]));
      return new Map(found.map((f) => [f.order.id, f]));
    },

    /** The newest paid orders of an e-mail address, for the shopper's "E-mail me my order links". */
    paidOrdersOf: (email: string, limit: number) => repo.selectPaidOfEmail(db, email, limit),

    /**
     * What the shopper's order page shows of a paid order (never of an open or unpaid checkout):
     * the order, its lines and the history's lines written for the shopper, newest first.
     */
    async shopperOrder(id: number) {
      const order = await repo.selectById(db, id);
      if (!order?.paidAt) return undefined;
      const [items, events] = await Promise.all([repo.selectItems(db, id), historyRepo.selectShopperEvents(db, id)]);
      return { order, items, events };
    },

    /** The orders summed by kind (the rollup of ADR 0031): what the sales figures are counted from. */
    orderKinds: () => kindsRepo.selectOrderKinds(db),

    /**
     * The paid (or shipped, or delivered) order of this e-mail that contains the product, for the
     * reviews' purchase check; undefined when it bought none.
     */
    purchaseOf: (email: string, productId: number): Promise<number | undefined> => repo.selectPurchase(db, email, productId),

    /**
     * For the checkout reminders (docs/decisions/0041): a page of the unpaid checkouts left at the
     * payment step in the window, each its address's newest order (reminders-repo.ts says which).
     */
    reminderCandidates: (w: Parameters<typeof remindersRepo.selectReminderCandidates>[1]) =>
      remindersRepo.selectReminderCandidates(db, w),
    /** In a reminder's transaction: the checkout locked, and still named by the same rule for this address. */
    lockReminderCandidate: (tx: Tx, orderId: number, email: string, w: remindersRepo.ReminderWindow) =>
      remindersRepo.lockReminderCandidate(tx, orderId, email, w),
    /** For the reminders' figures: the paid live orders of these lower-case addresses paid in [from, to). */
    paidLiveOrdersOf: (emails: readonly string[], from: Date, to: Date) =>
      remindersRepo.selectPaidLiveOrdersOf(db, emails, from, to),

    /**
     * For the reorder reminders (docs/decisions/0051): a page of the paid orders whose reminder is
     * due, each its address's newest paid order (reorders-repo.ts says which).
     */
    reorderCandidates: (r: Parameters<typeof reordersRepo.selectReorderCandidates>[1]) =>
      reordersRepo.selectReorderCandidates(db, r),
    /** In a reorder reminder's transaction: the order locked, and still named by the same rule for this address. */
    lockReorderCandidate: (tx: Tx, orderId: number, email: string, r: reordersRepo.ReorderRule) =>
      reordersRepo.lockReorderCandidate(tx, orderId, email, r),
    /** For the reorder figures: the paid live orders placed from these carts (SHA-256 of their sessions) paid in [from, to). */
    paidLiveOrdersOfCarts: (sessionHashes: readonly string[], from: Date, to: Date) =>
      reordersRepo.selectPaidLiveOrdersOfCarts(db, sessionHashes, from, to),
    /** For the analytics: the subscriptions' renewal orders paid live in [from, to), and their revenue net of refunds and tax. */
    renewalSales: (from: Date, to: Date) => selectRenewalSales(db, from, to),

    /** Queues the confirmation of a paid order that has none yet (paid before the outbox existed), and sends it. */
    async sendConfirmation(orderId: number): Promise<void> {
      const order = await repo.selectById(db, orderId);
      if (order && (await mail.queueConfirmation(db, order))) mail.deliverSoon();
    },
  };
}
