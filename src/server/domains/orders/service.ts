import type { AdminOrder, OrdersExportQuery, OrdersQuery, OrdersSummary, SettableOrderStatus } from '#shared/admin.ts';
import { formatCents, formatUsd } from '#shared/money.ts';
import type { ShippingFields } from '#shared/checkout.ts';
import type { OrderEvent, OrderEventType } from '#shared/order-events.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { csvLine } from '../../lib/csv.ts';
import type { DiscountsService } from '../discounts/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { type Actor, type NewEvent, recordEvent, recordEvents, toOrderEvent } from './history.ts';
import { createOrderLifecycle, isOpen } from './lifecycle.ts';
import { createOrderMail, type OrderMailDeps } from './mail-queue.ts';
import { createOrderRefunds } from './refunds.ts';
import * as repo from './repo.ts';
import * as remindersRepo from './reminders-repo.ts';
import { toAdminOrder } from './views.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

const EXPORT_BATCH = 500;

/** What the shopper's order page says when the owner sets a status. */
const SHOPPER_STATUS_LINES: Partial<Record<SettableOrderStatus, string>> = {
  shipped: 'Shipped',
  delivered: 'Delivered',
};
const EXPORT_COLUMNS = [
  'Order',
  'Placed at (UTC)',
  'Paid at (UTC)',
  'Status',
  'Payment mode',
  'Payment problem',
  'Email',
  'First name',
  'Last name',
  'Phone',
  'Address',
  'City',
  'State',
  'ZIP',
  'Country',
  'Items',
  'Subtotal',
  'Discount code',
  'Discount',
  'Shipping',
  'Total',
  'Refunded',
  'Payment method',
  'Tracking number',
  'Payment id',
];
export { type Actor, actorName } from './history.ts';
export { paidFor, type RefundRow } from './refunds.ts';
export { discountOf } from './views.ts';

/**
 * Which kinds of order each of the dashboard's lists holds, for its count in the summary. The lists
 * themselves are the same rules in SQL (repo.ts: LISTED, PENDING_LISTED, EXPIRED);
 * tests/integration/orders-list.test.ts holds the two to each other over every kind of order.
 */
/** Money came in: every status after payment, and a cancelled order only when it had been paid. */
const paid = (k: repo.OrderKind) => k.status !== 'pending' && (k.status !== 'cancelled' || k.hasPaid);
/** Orders of a kind whose real money came in (live payments), and those paid with test payments. */
export const paidLive = (k: repo.OrderKind) => paid(k) && k.paymentMode === 'live';
export const paidTest = (k: repo.OrderKind) => paid(k) && k.paymentMode === 'test';
export type OrderKind = repo.OrderKind;

const LISTS = {
  /** Every paid order and every payment problem. */
  all: (k: repo.OrderKind) => k.status !== 'pending' || k.hasIssue || k.hasPaid,
  /** The problems, and the open checkouts that reached the payment step. */
  pending: (k: repo.OrderKind) => k.status === 'pending' && (k.hasIssue || k.hasPaid || (k.hasEmail && !k.hasExpired)),
  'payment-problem': (k: repo.OrderKind) => k.hasIssue,
  /** Checkouts that reached the payment step and closed unpaid. */
  expired: (k: repo.OrderKind) => k.status === 'pending' && k.hasExpired && k.hasEmail && !k.hasPaid && !k.hasIssue,
};

/** An order as this service hands it to other domains: read it freely, change it only through this service. */
export type Order = repo.OrderRow;
/** A line of an order, a snapshot of the product as it was bought. */
export type OrderLine = repo.OrderItemRow;

interface Deps extends OrderMailDeps {
  db: Database;
  catalog: CatalogService;
  /** A discount code's use, spent when the owner marks an unpaid checkout paid. */
  discounts: Pick<DiscountsService, 'redeem'>;
}

/**
 * Orders (docs/engineering.md §4, §6): their rows and items, what the buyer and the owner see of them, the
 * owner's status changes, labels, the order e-mails and the sales figures. Checkout (domains/checkout)
 * drives an order from start to paid through `lifecycle.ts`.
 */
export function createOrdersService(d: Deps) {
  const { db, catalog } = d;
  const mail = createOrderMail(d);

  return {
    ...createOrderLifecycle(db, mail),
    /** An order's refunds: checked and recorded here, the money moved by checkout (domains/checkout/refunds.ts). */
    refunds: createOrderRefunds(db, mail),
    isOpen,

    /** Step 1's details on the (locked) order, in the caller's transaction, with a line in its history. */
    async writeShipping(tx: Tx, order: Order, f: ShippingFields): Promise<Order> {
      const saved = await repo.updateOrder(tx, order.id, {
        email: f.email.toLowerCase(),
        firstName: f.firstName,
        lastName: f.lastName,
        phone: f.phone || null,
        shippingAddress: f.address,
        shippingCity: f.city,
        shippingState: f.state,
        shippingZip: f.zip,
        shippingCountry: f.country,
      });
      await recordEvent(tx, order.id, 'shipping_saved', `Shipping details saved: ${f.city}, ${f.state}`, 'shopper');
      return saved ?? order;
    },

    /**
     * A discount put on or taken off an open checkout, in the caller's transaction (the order locked):
     * its totals as the checkout priced them, and a line in its history.
     */
    async setDiscount(
      tx: Tx,
      order: Order,
      v: {
        code: string | null;
        discountCents: number;
        /** Each line's share of the discount, by product. */
        shares: ReadonlyMap<number, number>;
        shippingCents: number;
        totalCents: number;
      },
    ): Promise<Order> {
      const changed =
        (await repo.updateOrder(tx, order.id, {
          discountCode: v.code,
          discountCents: v.discountCents,
          shippingCents: v.shippingCents,
          totalCents: v.totalCents,
        })) ?? order;
      await repo.updateItemDiscounts(tx, order.id, v.shares);
      if (v.code) {
        await recordEvent(
          tx,
          order.id,
          'discount_applied',
          `Code ${v.code} applied: ${formatUsd(v.discountCents)} off; total ${formatUsd(v.totalCents)}`,
          'shopper',
        );
      } else if (order.discountCode) {
        await recordEvent(
          tx,
          order.id,
          'discount_removed',
          `Code ${order.discountCode} taken off; total ${formatUsd(v.totalCents)}`,
          'shopper',
        );
      }
      return changed;
    },

    /**
     * GET /api/orders: a page of the dashboard's list (docs/product.md §2 "Orders tab"; repo.selectAdminOrders
     * says which orders), and the cursor of the next page when there is one.
     */
    async listForAdmin(query: OrdersQuery): Promise<{ orders: AdminOrder[]; next: number | null }> {
      const { rows, more } = await repo.selectAdminOrders(db, query);
      const orders = rows.map(({ order, items }) => toAdminOrder(order, items));
      return { orders, next: more ? (orders.at(-1)?.id ?? null) : null };
    },

    /**
     * GET /api/orders/export.csv: the orders of a period as CSV lines, header first, read a batch at
     * a time so any number of orders streams in flat memory.
     */
    async *exportCsv(q: OrdersExportQuery): AsyncGenerator<string> {
      yield csvLine(EXPORT_COLUMNS);
      let after = 0;
      for (;;) {
        const batch = await repo.selectExportBatch(db, q, after, EXPORT_BATCH);
        for (const { order: o, items } of batch) {
          yield csvLine([
            o.id,
            o.createdAt.toISOString(),
            o.paidAt?.toISOString(),
            o.status,
            o.paymentMode,
            o.paymentIssue,
            o.email,
            o.firstName,
            o.lastName,
            o.phone,
            o.shippingAddress,
            o.shippingCity,
            o.shippingState,
            o.shippingZip,
            o.shippingCountry,
            items.map((i) => `${i.quantity} × ${i.name} @ ${formatCents(i.unitPriceCents)}`).join('; '),
            formatCents(o.subtotalCents),
            o.discountCode,
            formatCents(o.discountCents),
            formatCents(o.shippingCents),
            formatCents(o.totalCents),
            formatCents(o.refundedCents),
            o.paymentMethodKind,
            o.trackingNumber,
            o.paymentIntentId,
          ]);
        }
        const last = batch.at(-1);
        if (!last || batch.length < EXPORT_BATCH) return;
        after = last.order.id;
      }
    },

    /** Every minute: the orders' changes since the last fold go into the summary's totals (ADR 0031). */
    foldSummary: () => repo.foldOrderKindChanges(db),

    /** GET /api/orders/summary: the summary cards and each list's count, from the counts of each kind of order. */
    async summaryForAdmin(): Promise<OrdersSummary> {
      const kinds = await repo.selectOrderKinds(db);
      const sum = (which: (k: repo.OrderKind) => boolean, of: 'orders' | 'totalCents' | 'refundedCents' = 'orders') =>
        kinds.filter(which).reduce((total, k) => total + k[of], 0);
      const gross = sum(paidLive, 'totalCents');
      const refunds = sum(paidLive, 'refundedCents');
      return {
        totalOrders: sum(LISTS.all),
        paidOrders: sum(paidLive),
        totalRevenue: formatCents(gross - refunds),
        grossRevenue: formatCents(gross),
        refunds: formatCents(refunds),
        testOrders: { count: sum(paidTest), total: formatCents(sum(paidTest, 'totalCents')) },
        byStatus: {
          pending: sum(LISTS.pending),
          paid: sum((k) => k.status === 'paid'),
          shipped: sum((k) => k.status === 'shipped'),
          delivered: sum((k) => k.status === 'delivered'),
          cancelled: sum((k) => k.status === 'cancelled'),
          refunded: sum((k) => k.status === 'refunded'),
        },
        byFilter: { 'payment-problem': sum(LISTS['payment-problem']), expired: sum(LISTS.expired) },
      };
    },

    /**
     * PUT /api/orders/:id/status: the owner may set any status (docs/product.md §4). An unpaid order whose hold
     * had ended takes its stock again when the owner marks it paid or further (409 when it cannot);
     * an order set back to pending keeps its stock and is never released by the sweeper.
     */
    async setStatus(id: number, status: SettableOrderStatus, actor: Actor): Promise<AdminOrder> {
      const updated = await db.transaction(async (tx) => {
        const order = await repo.selectById(tx, id, true);
        if (!order) throw notFound('Order');
        if (order.status === status) return order;
        const set: Partial<Order> = { status };
        if (status !== 'pending' && order.status === 'pending') {
          if (order.stockReleasedAt && !order.paidAt) {
            await catalog.holds.sell(tx, order.id, await repo.selectItems(tx, order.id));
          } else {
            await catalog.holds.commit(tx, order.id);
          }
          set.stockReleasedAt = null;
          set.expiredAt = null;
          set.paidAt = order.paidAt ?? new Date();
          if (order.discountCode) await d.discounts.redeem(tx, order);
        }
        if ((status === 'shipped' || status === 'delivered') && !order.shippedAt) set.shippedAt = new Date();
        if (status === 'delivered' && !order.deliveredAt) set.deliveredAt = new Date();
        const changed = (await repo.updateOrder(tx, order.id, set)) ?? order;
        await recordEvent(
          tx,
          order.id,
          'status_changed',
          `Status changed from ${order.status} to ${status}`,
          actor,
          SHOPPER_STATUS_LINES[status] ?? null,
        );
        await mail.queueForStatus(tx, changed);
        return changed;
      });
      await catalog.catalogChanged();
      mail.deliverSoon();
      return toAdminOrder(updated, await repo.selectItems(db, updated.id));
    },

    /**
     * The carrier's scans move a paid order to shipped (its first scan in transit) and a paid or
     * shipped one to delivered, in the caller's transaction, with its e-mail; an order the owner
     * cancelled, refunded or set back to pending stays as it is. True when the status changed.
     */
    async carrierMoved(tx: Tx, orderId: number, to: 'shipped' | 'delivered', at: Date): Promise<boolean> {
      const order = await repo.selectById(tx, orderId, true);
      if (!order) return false;
      const from = order.status;
      const moves = to === 'shipped' ? from === 'paid' : from === 'paid' || from === 'shipped';
      if (!moves) return false;
      const set: Partial<Order> = { status: to, shippedAt: order.shippedAt ?? at };
      if (to === 'delivered') set.deliveredAt = order.deliveredAt ?? at;
      const changed = (await repo.updateOrder(tx, order.id, set)) ?? order;
      await recordEvent(
        tx,
        order.id,
        'status_changed',
        `Status changed from ${from} to ${to} by the carrier's scan`,
        'carrier',
        null,
      );
      await mail.queueForStatus(tx, changed);
      return true;
    },

    /** The order a label or packing slip is made for, with its items; refused unless paid and addressed. */
    async orderForLabel(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      if (row.status === 'pending') throw new AppError('conflict', 'This order is not paid yet: no label can be made for it');
      if (row.status === 'cancelled' || row.status === 'refunded') {
        throw new AppError('conflict', `This order is ${row.status}: no label can be made for it`);
      }
      if (!row.shippingAddress || !row.shippingCity || !row.shippingState || !row.shippingZip) {
        throw new AppError('conflict', 'This order has no shipping address: no label can be made for it');
      }
      return toAdminOrder(row, await repo.selectItems(db, id));
    },

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
      const [items, events] = await Promise.all([repo.selectItems(db, id), repo.selectShopperEvents(db, id)]);
      return { order, items, events };
    },

    /** GET /api/orders/:id/timeline: everything that happened to the order, oldest first; 404 for no such order. */
    async timeline(id: number): Promise<OrderEvent[]> {
      if (!(await repo.selectById(db, id))) throw notFound('Order');
      return (await repo.selectEvents(db, id)).map(toOrderEvent);
    },

    /** POST /api/orders/:id/notes: the owner's note, kept in the order's history. */
    async addNote(id: number, text: string, actor: Actor): Promise<OrderEvent> {
      if (!(await repo.selectById(db, id))) throw notFound('Order');
      return recordEvent(db, id, 'note', text, actor);
    },
    async adminOrder(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      return toAdminOrder(row, await repo.selectItems(db, id));
    },

    /** The orders summed by kind (the rollup of ADR 0031): what the sales figures are counted from. */
    orderKinds: () => repo.selectOrderKinds(db),

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

    /** Queues the confirmation of a paid order that has none yet (paid before the outbox existed), and sends it. */
    async sendConfirmation(orderId: number): Promise<void> {
      const order = await repo.selectById(db, orderId);
      if (order && (await mail.queueConfirmation(db, order))) mail.deliverSoon();
    },
  };
}
