import type { AdminOrder, OrderStatus } from '#shared/admin.ts';
import type { CheckoutOrder, CheckoutStarted, ShippingFields } from '#shared/checkout.ts';
import { SHIPPING } from '#shared/constants.ts';
import { CHECKOUT_EXPIRED } from '#shared/messages.ts';
import { formatCents, parseCents } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { CartService } from '../cart/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { orderConfirmationMail, orderShippedMail } from './emails.ts';
import { assertPayableTotal } from './payment-limit.ts';
import * as repo from './repo.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

const CONFIRMATION_MAIL = 'order_confirmation';
const SHIPPED_MAIL = 'order_shipped';

interface Deps {
  db: Database;
  catalog: CatalogService;
  cart: CartService;
  payments: PaymentsService;
  outbox: Outbox;
  log: FastifyBaseLogger;
  pendingOrderTtlMinutes: number;
  /** How long a checkout holds its stock without a renewal, and how many units one address may hold. */
  hold: { minutes: number; maxUnitsPerAddress: number };
  store: { publicUrl: string; supportEmail: string; supportPhone: string };
  /** The signed link that opens a product's review form for this buyer (the reviews domain's). */
  reviewLink(email: string, productId: number): string;
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
    paymentMode: o.paymentMode,
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
    await catalog.holds.release(tx, order.id);
    await repo.updateOrder(tx, order.id, { stockReleasedAt: new Date() });
  }

  /** Until when a hold taken or renewed now lasts: the hold's minutes, never past the checkout's end. */
  const holdUntil = (order: { expiresAt: Date }) =>
    new Date(Math.min(Date.now() + d.hold.minutes * 60_000, order.expiresAt.getTime()));

  /**
   * Holds an order's items for its checkout, inside the caller's transaction: false when its
   * address already holds the most it may (the checkout then goes on unheld, as long as the shelf
   * covers it: stock is taken when it is paid). Throws 409 when the shelf cannot cover it.
   */
  async function takeHold(
    tx: Tx,
    order: repo.OrderRow,
    holder: string,
    lines: readonly { productId: number; name: string; quantity: number }[],
  ): Promise<boolean> {
    const outcome = await catalog.holds.hold(tx, {
      orderId: order.id,
      lines,
      holder,
      sessionId: order.sessionId,
      heldUntil: holdUntil(order),
      endsAt: order.expiresAt,
      maxUnitsPerHolder: d.hold.maxUnitsPerAddress,
    });
    const held = outcome === 'held';
    if (!held) await catalog.holds.ensureAvailable(tx, lines);
    // stock_released_at is null exactly while the order holds stock.
    if (held !== !order.stockReleasedAt) await repo.updateOrder(tx, order.id, { stockReleasedAt: held ? null : new Date() });
    return held;
  }

  /**
   * The order confirmation, queued in the caller's transaction when the order becomes paid; the
   * outbox sends it in the background and retries it (docs/decisions/0020). Once per order: the
   * outbox key, and confirmation_email_sent_at once it was delivered.
   */
  async function queueConfirmation(tx: Tx, order: repo.OrderRow): Promise<boolean> {
    if (!order.email || order.status === 'pending' || order.confirmationEmailSentAt) return false;
    const mail = orderConfirmationMail(order, await repo.selectItems(tx, order.id), d.store);
    return d.outbox.enqueue(tx, { key: `order-confirmation:${order.id}`, kind: CONFIRMATION_MAIL, ref: order.id, ...mail });
  }

  /** The shipped e-mail, once per order however often it is marked shipped. */
  async function queueShipped(tx: Tx, order: repo.OrderRow): Promise<boolean> {
    if (!order.email || (order.status !== 'shipped' && order.status !== 'delivered') || order.shippedEmailSentAt) return false;
    const items = await repo.selectItems(tx, order.id);
    const email = order.email;
    const products = [...new Map(items.map((i) => [i.productId, i.name])).entries()];
    const reviewLinks = products.map(([productId, name]) => ({ name, url: d.reviewLink(email, productId) }));
    const mail = orderShippedMail(order, items, d.store, reviewLinks);
    return d.outbox.enqueue(tx, { key: `order-shipped:${order.id}`, kind: SHIPPED_MAIL, ref: order.id, ...mail });
  }

  // confirmation_email_sent_at and shipped_email_sent_at say when the e-mail was delivered.
  d.outbox.onDelivered(CONFIRMATION_MAIL, async (tx, orderId) => {
    if (orderId !== null) await repo.markConfirmationSent(tx, orderId);
  });
  d.outbox.onDelivered(SHIPPED_MAIL, async (tx, orderId) => {
    if (orderId !== null) await repo.markShippedSent(tx, orderId);
  });

  /** Queues the confirmation of a paid order that has none yet (paid before the outbox existed), and sends it. */
  async function sendConfirmation(orderId: number): Promise<void> {
    const order = await repo.selectById(db, orderId);
    if (order && (await queueConfirmation(db, order))) d.outbox.deliverSoon();
  }

  async function toCheckoutOrder(order: repo.OrderRow): Promise<CheckoutOrder> {
    const items = await repo.selectItems(db, order.id);
    const hold = order.status === 'pending' && !order.stockReleasedAt ? await catalog.holds.holdOf(db, order.id) : undefined;
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
      hold: { held: Boolean(hold), until: hold ? hold.heldUntil.toISOString() : null },
      expiresAt: order.expiresAt.toISOString(),
    };
  }

  /** An unpaid checkout that can still be paid: not closed, not past its end, no payment problem. */
  const isOpen = (o: repo.OrderRow) =>
    o.status === 'pending' && !o.expiredAt && !o.paymentIssue && !o.paidAt && o.expiresAt.getTime() > Date.now();

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
    /**
     * POST /api/checkout: an order from the cart at database prices, its stock held for a few
     * minutes (unless its address holds too much already), and a payment.
     */
    async startCheckout(
      sessionId: string,
      from: { holder: string; analyticsSessionId?: string | undefined },
    ): Promise<CheckoutStarted> {
      const order = await db.transaction(async (tx) => {
        // A new checkout from the same cart replaces the previous one's hold.
        for (const previous of await repo.selectHoldsOfSession(tx, sessionId)) await releaseHold(tx, previous);
        const lines = await cart.cartLines(tx, sessionId);
        if (lines.length === 0) throw new AppError('bad_request', 'Your cart is empty');
        const gone = lines.find((l) => !l.isActive);
        if (gone) throw new AppError('conflict', `${gone.name} is no longer available; remove it from your cart`);
        const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
        assertPayableTotal(subtotalCents + SHIPPING_CENTS);
        // Sold out: refused before anything is written (a burst of shoppers for the last units
        // costs the database a read each); the hold below still decides atomically.
        const short = await catalog.holds.shortfall(tx, lines);
        if (short) throw short;
        const created = await repo.insertOrder(
          tx,
          {
            sessionId,
            subtotalCents,
            shippingCents: SHIPPING_CENTS,
            totalCents: subtotalCents + SHIPPING_CENTS,
            expiresAt: new Date(Date.now() + d.pendingOrderTtlMinutes * 60_000),
            paymentMode: payments.mode,
            analyticsSessionId: from.analyticsSessionId ?? null,
          },
          lines.map((l) => ({ productId: l.productId, name: l.name, unitPriceCents: l.priceCents, quantity: l.quantity })),
        );
        await takeHold(tx, created, from.holder, lines);
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
          if (locked) {
            await releaseHold(tx, locked);
            await repo.updateOrder(tx, order.id, { expiredAt: new Date() });
          }
        });
        await catalog.catalogChanged();
        throw new AppError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
      }
      await repo.updateOrder(db, order.id, { paymentIntentId: payment.id });
      return { checkoutUrl: `/checkout?payment_intent=${encodeURIComponent(payment.clientSecret)}` };
    },

    /**
     * POST /api/checkout/:id/hold, sent by the checkout page every minute while it is open and
     * before paying: keeps the hold for a few more minutes, or takes it again after it lapsed.
     * 409 when the checkout has closed or the shelf can no longer cover it.
     */
    async renewHold(paymentIntentId: string, sessionId: string | undefined, holder: string): Promise<CheckoutOrder> {
      const found = await ownOrder(paymentIntentId, sessionId);
      if (found.status !== 'pending' || found.paymentIssue) return toCheckoutOrder(found);
      if (!isOpen(found)) throw new AppError('conflict', CHECKOUT_EXPIRED);
      let taken = false;
      const order = await db.transaction(async (tx) => {
        const locked = await repo.selectById(tx, found.id, true);
        if (!locked || !isOpen(locked)) throw new AppError('conflict', CHECKOUT_EXPIRED);
        if (!locked.stockReleasedAt && (await catalog.holds.renew(tx, locked.id, holdUntil(locked)))) return locked;
        taken = await takeHold(tx, locked, holder, await repo.selectItems(tx, locked.id));
        return (await repo.selectById(tx, locked.id)) ?? locked;
      });
      if (taken) await catalog.catalogChanged();
      return toCheckoutOrder(order);
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
          // Paid while holding nothing (never held, lapsed, or replaced by a newer checkout): take the stock now.
          try {
            await tx.transaction(async (inner) => {
              await catalog.holds.sell(inner, order.id, await repo.selectItems(inner, order.id));
            });
          } catch (err) {
            if (err instanceof AppError && err.code === 'conflict')
              return flag(`Paid while its items were not held: ${err.message}`);
            throw err;
          }
        } else {
          await catalog.holds.commit(tx, order.id);
        }
        const paid =
          (await repo.updateOrder(tx, order.id, {
            status: 'paid',
            paidAt: new Date(),
            stockReleasedAt: null,
            expiredAt: null,
          })) ?? order;
        await cart.clearInTransaction(tx, order.sessionId);
        await queueConfirmation(tx, paid);
        return { state: 'paid', order: paid };
      });
      if (outcome.state === 'paid') {
        await catalog.catalogChanged();
        d.outbox.deliverSoon();
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
     * Every minute: holds that lapsed give their stock back (their checkout stays payable), and
     * checkouts past their end are closed (hold released, payment cancelled), unless the provider
     * says they were paid after all (then they are completed). Returns how many were released or closed.
     */
    async sweepExpired(): Promise<number> {
      let changed = 0;
      /** true when the provider says it was paid (and it is completed now). */
      const paidAfterAll = async (o: repo.OrderRow) => {
        if (!o.paymentIntentId) return false;
        const payment = await payments.retrieve(o.paymentIntentId).catch(() => null);
        if (payment?.status !== 'succeeded') return false;
        await service.completePayment(o.paymentIntentId);
        return true;
      };
      for (const orderId of await catalog.holds.lapsedOrderIds()) {
        const order = await repo.selectById(db, orderId);
        if (!order || (order.status === 'pending' && (await paidAfterAll(order)))) continue;
        const did = await db.transaction(async (tx) => {
          const locked = await repo.selectById(tx, orderId, true);
          const hold = await catalog.holds.holdOf(tx, orderId);
          if (!hold || hold.heldUntil.getTime() > Date.now()) return false; // renewed meanwhile
          if (locked && (locked.status !== 'pending' || locked.paidAt)) {
            await catalog.holds.commit(tx, orderId); // paid: what it held is sold
            return false;
          }
          if (locked) await releaseHold(tx, locked);
          else await catalog.holds.release(tx, orderId);
          return true;
        });
        if (did) changed += 1;
      }
      for (const order of await repo.selectEndedCheckouts(db)) {
        if (await paidAfterAll(order)) continue;
        const did = await db.transaction(async (tx) => {
          const locked = await repo.selectById(tx, order.id, true);
          if (locked?.status !== 'pending' || locked.expiredAt || locked.paymentIssue || locked.paidAt) return false;
          if (!locked.stockReleasedAt) await releaseHold(tx, locked);
          await repo.updateOrder(tx, locked.id, { expiredAt: new Date() });
          return true;
        });
        if (did) {
          changed += 1;
          if (order.paymentIntentId) await payments.cancel(order.paymentIntentId).catch(() => {});
        }
      }
      if (changed > 0) await catalog.catalogChanged();
      return changed;
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
        const set: Partial<repo.OrderRow> = { status };
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
        if (status === 'shipped') await queueShipped(tx, changed);
        return changed;
      });
      await catalog.catalogChanged();
      if (status === 'shipped') d.outbox.deliverSoon();
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

    /** Queues the confirmation of a paid order that never had one queued. */
    sendConfirmation,
  };
  return service;
}
