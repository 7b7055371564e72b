import type { AdminOrder, OrderStatus } from '#shared/admin.ts';
import type { CheckoutOrder, CheckoutStarted, ShippingFields } from '#shared/checkout.ts';
import { SHIPPING } from '#shared/constants.ts';
import { formatCents, parseCents } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { CartService } from '../cart/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { orderConfirmationMail, orderShippedMail } from './emails.ts';
import { assertPayableTotal } from './payment-limit.ts';
import * as repo from './repo.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

interface Deps {
  db: Database;
  catalog: CatalogService;
  cart: CartService;
  payments: PaymentsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pendingOrderTtlMinutes: number;
  store: { publicUrl: string; supportEmail: string; supportPhone: string };
}

function toAdminOrder(o: repo.OrderRow, items: repo.OrderItemRow[]): AdminOrder {
  return {
    id: o.id,
    stripePaymentIntentId: o.paymentIntentId,
    status: o.status,
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    shippingAddress: o.shippingAddress,
    shippingCity: o.shippingCity,
    shippingState: o.shippingState,
    shippingZip: o.shippingZip,
    shippingCountry: o.shippingCountry,
    total: formatCents(o.totalCents),
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      quantity: i.quantity,
      unitPrice: formatCents(i.unitPriceCents),
    })),
    paymentIssue: o.paymentIssue,
    trackingNumber: o.trackingNumber,
    shippingCarrier: o.shippingCarrier,
    shippingService: o.shippingService,
    shippingCost: o.shippingCostCents == null ? null : formatCents(o.shippingCostCents),
    labelUrl: o.labelUrl,
  };
}

/** Flat rate per order, to US addresses (SPEC §9). */
export const SHIPPING_CENTS = parseCents(SHIPPING.rateUsd);

export type CompleteResult =
  | { state: 'paid'; order: repo.OrderRow }
  | { state: 'unpaid'; paymentStatus: string; message: string | null }
  | { state: 'flagged'; order: repo.OrderRow };

/**
 * Checkout and orders (DESIGN §4, §6): stock is reserved when a checkout starts, an order becomes
 * paid only when the provider says its payment succeeded for the order's total, and completion is
 * idempotent whoever calls it (browser, webhook, sweeper) and however often.
 */
export function createOrdersService(d: Deps) {
  const { db, catalog, cart, payments } = d;

  /** Puts back the stock an unpaid order holds; inside the caller's transaction. */
  async function releaseHold(tx: Tx, order: repo.OrderRow): Promise<void> {
    const items = await repo.selectItems(tx, order.id);
    await catalog.releaseStock(tx, order.id, items);
    await repo.updateOrder(tx, order.id, { stockReleasedAt: new Date() });
  }

  async function sendConfirmation(orderId: number): Promise<void> {
    const order = await repo.selectById(db, orderId);
    if (!order?.email || order.status === 'pending') return;
    if (!(await repo.claimConfirmationEmail(db, orderId))) return; // someone else sent it
    try {
      await d.mailer.send(orderConfirmationMail(order, await repo.selectItems(db, orderId), d.store));
    } catch (err) {
      d.log.error({ err, orderId }, 'order confirmation e-mail failed; it will be retried');
      await repo.unclaimConfirmationEmail(db, orderId);
    }
  }

  /** The shipped e-mail, once per order however often it is marked shipped. */
  async function sendShipped(orderId: number): Promise<void> {
    const order = await repo.selectById(db, orderId);
    if (!order?.email || (order.status !== 'shipped' && order.status !== 'delivered')) return;
    if (!(await repo.claimShippedEmail(db, orderId))) return;
    try {
      await d.mailer.send(orderShippedMail(order, await repo.selectItems(db, orderId), d.store));
    } catch (err) {
      d.log.error({ err, orderId }, 'shipped e-mail failed; it will be sent when the order is set shipped again');
      await repo.unclaimShippedEmail(db, orderId);
    }
  }

  async function toCheckoutOrder(order: repo.OrderRow): Promise<CheckoutOrder> {
    const items = await repo.selectItems(db, order.id);
    return {
      orderId: order.id,
      paymentIntentId: order.paymentIntentId ?? '',
      status: order.status,
      items: items.map((i) => ({
        productId: i.productId,
        name: i.name,
        unitPrice: formatCents(i.unitPriceCents),
        quantity: i.quantity,
        lineTotal: formatCents(i.unitPriceCents * i.quantity),
      })),
      subtotal: formatCents(order.subtotalCents),
      shipping: formatCents(order.shippingCents),
      total: formatCents(order.totalCents),
      currency: 'usd',
      provider: payments.providerName,
      hasShipping: Boolean(order.email && order.shippingAddress),
    };
  }

  /**
   * The order behind a payment id. The id is unguessable and shown only to its buyer, so it is the
   * key to its checkout (docs/decisions/0009); a caller who also sends a session id must send the
   * order's own. Otherwise: "not found", revealing nothing.
   */
  async function ownOrder(paymentIntentId: string, sessionId: string | undefined): Promise<repo.OrderRow> {
    const order = await repo.selectByPaymentId(db, paymentIntentId);
    if (!order || (sessionId !== undefined && order.sessionId !== sessionId)) throw notFound('Order');
    return order;
  }

  const service = {
    /** POST /api/checkout: an order from the cart at database prices, its stock reserved, and a payment. */
    async startCheckout(sessionId: string): Promise<CheckoutStarted> {
      const order = await db.transaction(async (tx) => {
        // A new checkout from the same cart replaces the previous one's hold.
        for (const previous of await repo.selectHoldsOfSession(tx, sessionId)) await releaseHold(tx, previous);
        const lines = await cart.cartLines(tx, sessionId);
        if (lines.length === 0) throw new AppError('bad_request', 'Your cart is empty');
        const gone = lines.find((l) => !l.isActive);
        if (gone) throw new AppError('conflict', `${gone.name} is no longer available; remove it from your cart`);
        const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
        assertPayableTotal(subtotalCents + SHIPPING_CENTS);
        const created = await repo.insertOrder(
          tx,
          {
            sessionId,
            subtotalCents,
            shippingCents: SHIPPING_CENTS,
            totalCents: subtotalCents + SHIPPING_CENTS,
            expiresAt: new Date(Date.now() + d.pendingOrderTtlMinutes * 60_000),
          },
          lines.map((l) => ({ productId: l.productId, name: l.name, unitPriceCents: l.priceCents, quantity: l.quantity })),
        );
        await catalog.reserveStock(tx, created.id, lines);
        return created;
      });
      await catalog.catalogChanged();

      // The provider is called outside the transaction (HOUSE rule 2).
      let payment: { id: string; clientSecret: string };
      try {
        // Unique per order even across databases that reuse order numbers (a reset test store).
        payment = await payments.createForOrder(order.id, order.totalCents, `order-${order.id}-${order.createdAt.getTime()}`);
      } catch (err) {
        d.log.error({ err, orderId: order.id }, 'payment creation failed; releasing the stock');
        await db.transaction(async (tx) => {
          const locked = await repo.selectById(tx, order.id, true);
          if (locked && !locked.stockReleasedAt) await releaseHold(tx, locked);
        });
        await catalog.catalogChanged();
        throw new AppError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
      }
      await repo.updateOrder(db, order.id, { paymentIntentId: payment.id });
      return { checkoutUrl: `/checkout?payment_intent=${encodeURIComponent(payment.clientSecret)}` };
    },

    /** The checkout page's order: its real items and total. */
    async checkoutOrder(paymentIntentId: string, sessionId: string | undefined): Promise<CheckoutOrder> {
      return toCheckoutOrder(await ownOrder(paymentIntentId, sessionId));
    },

    /** POST /api/orders/shipping: only the buyer's session, and only before the order is paid. */
    async saveShipping(paymentIntentId: string, sessionId: string | undefined, f: ShippingFields): Promise<CheckoutOrder> {
      const order = await ownOrder(paymentIntentId, sessionId);
      if (order.status !== 'pending' || order.paymentIssue) {
        throw new AppError('conflict', 'This order is already paid; its shipping address can no longer be changed');
      }
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
      return toCheckoutOrder(updated ?? order);
    },

    /**
     * Marks the order of a payment paid once the provider says the payment succeeded for the
     * order's total. Any number of concurrent calls: one paid order, one e-mail, the cart emptied.
     */
    async completePayment(paymentIntentId: string): Promise<CompleteResult> {
      const found = await repo.selectByPaymentId(db, paymentIntentId);
      if (!found) throw notFound('Order');
      if (found.status !== 'pending') {
        await sendConfirmation(found.id); // a no-op when it was sent
        return { state: 'paid', order: found };
      }
      if (found.paymentIssue) return { state: 'flagged', order: found };

      const payment = await payments.retrieve(paymentIntentId);
      if (!payment) throw notFound('Order');
      if (payment.status !== 'succeeded') return { state: 'unpaid', paymentStatus: payment.status, message: payment.lastError };

      const outcome = await db.transaction(async (tx): Promise<CompleteResult> => {
        const order = await repo.selectById(tx, found.id, true); // one completion at a time per order
        if (!order) throw notFound('Order');
        if (order.status !== 'pending') return { state: 'paid', order };
        if (order.paymentIssue) return { state: 'flagged', order };
        const flag = async (issue: string): Promise<CompleteResult> => {
          d.log.warn({ orderId: order.id, issue }, 'payment flagged');
          const flagged = await repo.updateOrder(tx, order.id, { paymentIssue: issue });
          return { state: 'flagged', order: flagged ?? order };
        };
        if (payment.amountCents !== order.totalCents || payment.currency.toLowerCase() !== order.currency) {
          return flag(
            `Paid ${formatCents(payment.amountCents)} ${payment.currency.toUpperCase()} for a total of ${formatCents(order.totalCents)} USD`,
          );
        }
        if (order.stockReleasedAt) {
          // Paid after the hold was released (expired, or replaced by a newer checkout): take the stock again.
          try {
            await tx.transaction(async (inner) => {
              await catalog.reserveStock(inner, order.id, await repo.selectItems(inner, order.id));
            });
          } catch (err) {
            if (err instanceof AppError && err.code === 'conflict')
              return flag(`Paid after its reservation ended: ${err.message}`);
            throw err;
          }
        }
        const paid = await repo.updateOrder(tx, order.id, { status: 'paid', paidAt: new Date(), stockReleasedAt: null });
        await cart.clearInTransaction(tx, order.sessionId);
        return { state: 'paid', order: paid ?? order };
      });
      if (outcome.state === 'paid') {
        await catalog.catalogChanged();
        await sendConfirmation(outcome.order.id);
      }
      return outcome;
    },

    /** What the confirmation page may show without the buyer's session: no address, no e-mail. */
    async confirmation(paymentIntentId: string) {
      const order = await repo.selectByPaymentId(db, paymentIntentId);
      if (!order || order.status === 'pending') throw notFound('Order');
      const summary = await toCheckoutOrder(order);
      return { ...summary, paidAt: order.paidAt?.toISOString() ?? null };
    },

    /**
     * Unpaid orders past their expiry give their stock back, unless the provider says they were
     * paid after all (then they are completed). Returns how many were released.
     */
    async sweepExpired(): Promise<number> {
      let released = 0;
      for (const order of await repo.selectExpiredHolds(db)) {
        if (order.paymentIntentId) {
          const payment = await payments.retrieve(order.paymentIntentId).catch(() => null);
          if (payment?.status === 'succeeded') {
            await service.completePayment(order.paymentIntentId);
            continue;
          }
        }
        const did = await db.transaction(async (tx) => {
          const locked = await repo.selectById(tx, order.id, true);
          if (locked?.status !== 'pending' || locked.stockReleasedAt || locked.paymentIssue || locked.paidAt) return false;
          await releaseHold(tx, locked);
          return true;
        });
        if (did) {
          released += 1;
          if (order.paymentIntentId) await payments.cancel(order.paymentIntentId).catch(() => {});
        }
      }
      if (released > 0) await catalog.catalogChanged();
      return released;
    },

    /** GET /api/orders: the dashboard's list (SPEC §2 "Orders tab"). */
    async listForAdmin(): Promise<AdminOrder[]> {
      return (await repo.selectAdminOrders(db)).map(({ order, items }) => toAdminOrder(order, items));
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
        const set: Partial<repo.OrderRow> = { status };
        if (status !== 'pending' && order.status === 'pending') {
          if (order.stockReleasedAt) {
            await catalog.reserveStock(tx, order.id, await repo.selectItems(tx, order.id));
            set.stockReleasedAt = null;
          }
          set.paidAt = order.paidAt ?? new Date();
        }
        if (status === 'shipped' && !order.shippedAt) set.shippedAt = new Date();
        if (status === 'delivered' && !order.deliveredAt) set.deliveredAt = new Date();
        return (await repo.updateOrder(tx, order.id, set)) ?? order;
      });
      await catalog.catalogChanged();
      if (status === 'shipped') await sendShipped(updated.id);
      return toAdminOrder(updated, await repo.selectItems(db, updated.id));
    },

    /** The order a label is made for, with its items; refused unless paid and addressed. */
    async orderForLabel(id: number): Promise<{ order: AdminOrder; row: repo.OrderRow; items: repo.OrderItemRow[] }> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      if (row.status === 'pending') throw new AppError('conflict', 'This order is not paid yet: no label can be made for it');
      if (!row.shippingAddress || !row.shippingCity || !row.shippingState || !row.shippingZip) {
        throw new AppError('conflict', 'This order has no shipping address: no label can be made for it');
      }
      const items = await repo.selectItems(db, id);
      return { order: toAdminOrder(row, items), row, items };
    },

    /** Keeps a new label on its order; false when the order got one meanwhile. */
    attachLabel: (id: number, label: Parameters<typeof repo.attachLabel>[2]) => repo.attachLabel(db, id, label),
    detachLabel: (id: number) => repo.detachLabel(db, id),
    async adminOrder(id: number): Promise<AdminOrder> {
      const row = await repo.selectById(db, id);
      if (!row) throw notFound('Order');
      return toAdminOrder(row, await repo.selectItems(db, id));
    },

    /**
     * After a crash (or at any start): recent pending orders whose payment is known to have
     * succeeded are completed now, so no paid payment is left without its order. Returns how many.
     */
    async reconcilePaid(): Promise<number> {
      const succeeded = await payments.succeededAmong(await repo.selectRecentPendingPaymentIds(db));
      let completed = 0;
      for (const id of succeeded) {
        const r = await service.completePayment(id).catch(async (err: unknown) => {
          // The order, not its payment id: that is a key to the buyer's checkout.
          const orderId = (await repo.selectByPaymentId(db, id).catch(() => undefined))?.id;
          d.log.error({ err, orderId }, 'reconciliation failed; it is tried again at the next start');
          return null;
        });
        if (r?.state === 'paid') completed += 1;
      }
      return completed;
    },

    /** For the analytics tab: sales figures computed from paid orders. */
    salesFigures: () => repo.selectSalesFigures(db),
    dailyRevenue: (days: number) => repo.selectDailyRevenue(db, days),
    paidAmong: (ids: number[]) => repo.selectPaidAmong(db, ids),

    /** Confirmation e-mails whose sending failed: sent again by the sweeper. */
    sendConfirmation,
  };
  return service;
}
