import type { AdminOrder, OrderStatus } from '#shared/admin.ts';
import type { CheckoutOrder, ShippingFields } from '#shared/checkout.ts';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import type { Database } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import { createOrderLifecycle, isOpen } from './lifecycle.ts';
import { createOrderMail, type OrderMailDeps } from './mail-queue.ts';
import * as repo from './repo.ts';
import { toAdminOrder, toCheckoutOrder } from './views.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

/** An order as this service hands it to other domains: read it freely, change it only through this service. */
export type Order = repo.OrderRow;

interface Deps extends OrderMailDeps {
  db: Database;
  catalog: CatalogService;
  /** The payment provider's name, shown to the checkout page. */
  paymentProvider: CheckoutOrder['provider'];
}

/**
 * Orders (DESIGN §4, §6): their rows and items, what the buyer and the owner see of them, the
 * owner's status changes, labels, the order e-mails and the sales figures. Checkout (domains/checkout)
 * drives an order from start to paid through `lifecycle.ts`.
 */
export function createOrdersService(d: Deps) {
  const { db, catalog } = d;
  const mail = createOrderMail(d);

  async function checkoutView(order: Order): Promise<CheckoutOrder> {
    const items = await repo.selectItems(db, order.id);
    const hold = order.status === 'pending' && !order.stockReleasedAt ? await catalog.holds.holdOf(db, order.id) : undefined;
    return toCheckoutOrder(order, items, hold, d.paymentProvider);
  }

  /**
   * The order behind a payment id. The id is unguessable and shown only to its buyer, so it is the
   * key to its checkout (docs/decisions/0009); a caller who also sends a session id must send the
   * order's own. Otherwise: "not found", revealing nothing.
   */
  async function ownOrder(paymentIntentId: string, sessionId: string | undefined): Promise<Order> {
    const order = await repo.selectByPaymentId(db, paymentIntentId);
    if (!order || (sessionId !== undefined && order.sessionId !== sessionId)) throw notFound('Order');
    return order;
  }

  return {
    ...createOrderLifecycle(db, mail),
    isOpen,
    ownOrder,
    checkoutView,

    /** The checkout page's order: its real items and total. */
    async checkoutOrder(paymentIntentId: string, sessionId: string | undefined): Promise<CheckoutOrder> {
      return checkoutView(await ownOrder(paymentIntentId, sessionId));
    },

    /** POST /api/orders/shipping: only the buyer's session, and only before the order is paid. */
    async saveShipping(paymentIntentId: string, sessionId: string | undefined, f: ShippingFields): Promise<CheckoutOrder> {
      const order = await ownOrder(paymentIntentId, sessionId);
      if (order.status !== 'pending' || order.paymentIssue) {
        throw new AppError('conflict', 'This order is already paid; its shipping address can no longer be changed');
      }
      if (!isOpen(order)) throw new AppError('conflict', CHECKOUT_EXPIRED);
      const updated = await repo.updateOrder(db, order.id, {
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
      return checkoutView(updated ?? order);
    },

    /** What the confirmation page may show without the buyer's session: no address, no e-mail. */
    async confirmation(paymentIntentId: string) {
      const order = await repo.selectByPaymentId(db, paymentIntentId);
      if (!order || order.status === 'pending') throw notFound('Order');
      const summary = await checkoutView(order);
      return { ...summary, paidAt: order.paidAt?.toISOString() ?? null };
    },

    /** GET /api/orders: the dashboard's list (SPEC §2 "Orders tab"); repo.selectAdminOrders says which orders. */
    async listForAdmin(status?: OrderStatus): Promise<AdminOrder[]> {
      return (await repo.selectAdminOrders(db, status)).map(({ order, items }) => toAdminOrder(order, items));
    },

    /**
     * PUT /api/orders/:id/status: the owner may set any status (SPEC §4). An unpaid order whose hold
     * had ended takes its stock again when the owner marks it paid or further (409 when it cannot);
     * an order set back to pending keeps its stock and is never released by the sweeper.
     */
    async setStatus(id: number, status: OrderStatus): Promise<AdminOrder> {
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
        }
        if (status === 'shipped' && !order.shippedAt) set.shippedAt = new Date();
        if (status === 'delivered' && !order.deliveredAt) set.deliveredAt = new Date();
        const changed = (await repo.updateOrder(tx, order.id, set)) ?? order;
        if (status === 'shipped') await mail.queueShipped(tx, changed);
        return changed;
      });
      await catalog.catalogChanged();
      if (status === 'shipped') mail.deliverSoon();
      return toAdminOrder(updated, await repo.selectItems(db, updated.id));
    },

    /** The order a label or packing slip is made for, with its items; refused unless paid and addressed. */
    async orderForLabel(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      if (row.status === 'pending') throw new AppError('conflict', 'This order is not paid yet: no label can be made for it');
      if (!row.shippingAddress || !row.shippingCity || !row.shippingState || !row.shippingZip) {
        throw new AppError('conflict', 'This order has no shipping address: no label can be made for it');
      }
      return toAdminOrder(row, await repo.selectItems(db, id));
    },

    /** Keeps a new label on its order; false when the order got one meanwhile. */
    attachLabel: (id: number, label: Parameters<typeof repo.attachLabel>[2]) => repo.attachLabel(db, id, label),
    detachLabel: (id: number) => repo.detachLabel(db, id),
    async adminOrder(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      return toAdminOrder(row, await repo.selectItems(db, id));
    },

    /** For the analytics tab: sales figures computed from paid live orders; test orders apart. */
    salesFigures: () => repo.selectSalesFigures(db),
    dailyRevenue: (days: number) => repo.selectDailyRevenue(db, days),
    testOrderFigures: () => repo.selectTestOrderFigures(db),
    /** Analytics sessions that placed a paid order: a conversion each, whatever beacons claim. */
    convertedSessions: (days: number) => repo.selectConvertedSessions(db, days),

    /**
     * The paid (or shipped, or delivered) order of this e-mail that contains the product, for the
     * reviews' purchase check; undefined when it bought none.
     */
    purchaseOf: (email: string, productId: number): Promise<number | undefined> => repo.selectPurchase(db, email, productId),

    /** Queues the confirmation of a paid order that has none yet (paid before the outbox existed), and sends it. */
    async sendConfirmation(orderId: number): Promise<void> {
      const order = await repo.selectById(db, orderId);
      if (order && (await mail.queueConfirmation(db, order))) mail.deliverSoon();
    },
  };
}
