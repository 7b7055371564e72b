import type { AdminOrder } from '#shared/admin.ts';
import type { Refund, RefundRequest } from '#shared/refunds.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Actor, RefundRow } from '../orders/service.ts';
import { type ProviderRefund, RefundRefusedError } from '../payments/service.ts';
import type { CheckoutDeps } from './deps.ts';
import type { OrderHolds } from './order-holds.ts';
import type { CheckoutTax } from './tax.ts';

/** How long a refund may wait for the provider's answer before the sweep asks again. */
const REFUND_RETRY_AFTER_MS = 60_000;

/** How often one cancel decides again on an order that changed under it before it gives up with 409. */
const MAX_REDECISIONS = 3;

/** What the owner reads when the provider refused a refund: no money moved. */
const refusal = (reason: string | null) =>
  new AppError('conflict', `The payment provider refused the refund: ${reason ?? 'no reason given'}`);

/**
 * Refunds and cancellation (docs/decisions/0027): the order checks and records a refund (pending,
 * its amount off what is left), the provider is asked outside any transaction with the refund's
 * own idempotency key, and its answer settles the refund: stock put back for the lines chosen, the
 * order 'refunded' or 'cancelled', one e-mail. A lost answer leaves the refund pending; the sweep
 * asks again with the same key, so the money moves once.
 */
export function createRefunds(
  d: CheckoutDeps,
  holds: OrderHolds,
  completePayment: (paymentIntentId: string) => Promise<unknown>,
  tax: Pick<CheckoutTax, 'reverseRefund'>,
) {
  const { db, catalog, orders, payments } = d;

  /** Asks the provider for a pending refund and records its answer; the refund as it now stands. */
  async function settle(refundId: number): Promise<Refund> {
    const pending = await orders.refunds.byId(refundId);
    if (!pending) throw notFound('Refund');
    if (pending.status !== 'pending') return orders.refunds.view(pending);
    const order = await orders.byId(pending.orderId);
    if (!order?.paymentIntentId) throw notFound('Order');

    let answer: ProviderRefund;
    try {
      answer = await payments.refund(order.paymentIntentId, pending.amountCents, pending.id);
    } catch (err) {
      if (err instanceof RefundRefusedError) {
        await db.transaction((tx) => orders.refunds.failed(tx, pending.id, err.message));
        throw refusal(err.message);
      }
      d.log.error({ err, refundId: pending.id, orderId: pending.orderId }, 'refund not answered; asked again later');
      throw new AppError(
        'unavailable',
        'The payment provider did not answer. The refund is recorded as pending and is asked again within minutes; it is never made twice.',
      );
    }
    return record(pending.id, answer);
  }

  /** The provider's answer about one of the store's refunds, recorded once. */
  async function record(refundId: number, answer: ProviderRefund): Promise<Refund> {
    let restocked = false;
    await db.transaction(async (tx) => {
      if (answer.status === 'failed') {
        await orders.refunds.failed(tx, refundId, answer.failureReason ?? 'refused by the payment provider');
        return;
      }
      const done = await orders.refunds.succeeded(tx, refundId, answer.id);
      if (done && done.restock.length > 0) {
        await catalog.restock(tx, done.refund.orderId, done.restock, done.refund.actor);
        restocked = true;
      }
    });
    if (restocked) await catalog.catalogChanged();
    orders.deliverMail();
    // Its share of the sales tax recorded as given back (docs/decisions/0047; the sweep retries a failure).
    await tax.reverseRefund(refundId);
    const refund = await orders.refunds.byId(refundId);
    if (!refund) throw notFound('Refund');
    if (refund.status === 'failed') throw refusal(refund.failureReason);
    return orders.refunds.view(refund);
  }

  /**
   * POST /api/orders/:id/refunds. A request key (the `Idempotency-Key` header) makes the same
   * request one refund however often it is sent; without one each request is a refund of its own,
   * still never past what was paid. A client's key is bound to its request (`bindKey`): sent with
   * another one it is refused with 422, never answered with a refund that is not what was asked.
   * The store's own keys (a return's, a cancellation's) name the refund of a state of the order
   * and stay unbound: a cancellation clicked twice with two reasons is still one refund.
   */
  async function refund(
    orderId: number,
    request: RefundRequest,
    actor: Actor,
    requestKey: string | null,
    opts: { cancelsOrder?: boolean; returnId?: number; bindKey?: boolean } = {},
  ): Promise<{ refund: Refund; created: boolean }> {
    const { bindKey, ...recorded } = opts;
    const requestHash = requestKey && bindKey ? orders.refunds.fingerprint(request) : undefined;
    if (requestKey) {
      const earlier = await orders.refunds.byKey(orderId, requestKey);
      if (earlier) return { refund: await settleOrView(sameRequest(earlier, requestHash).id), created: false };
    }
    const reserved = await db.transaction(async (tx) => {
      const order = await orders.lock(tx, orderId);
      if (!order) throw notFound('Order');
      // Under the order's lock: a request with this key that got here first made the refund.
      const earlier = requestKey ? await orders.refunds.byKey(orderId, requestKey, tx) : undefined;
      if (earlier) return { row: sameRequest(earlier, requestHash), created: false };
      const row = await orders.refunds.reserve(tx, order, request, { actor, requestKey, requestHash, ...recorded });
      if (!row) throw new AppError('conflict', 'The refund could not be recorded; try again');
      return { row, created: true };
    });
    if (!reserved.created) return { refund: await settleOrView(reserved.row.id), created: false };
    return { refund: await settle(reserved.row.id), created: true };
  }

  /**
   * The refund an earlier request with this key made, when this request is that one. A refund
   * recorded before keys were bound has no fingerprint and is answered as before.
   */
  function sameRequest(earlier: RefundRow, requestHash: string | undefined): RefundRow {
    if (requestHash && earlier.requestHash && earlier.requestHash !== requestHash) {
      throw new AppError('unprocessable', 'This Idempotency-Key was used with another request: send a new key for a new refund.');
    }
    return earlier;
  }

  /**
   * A repeated request's refund, answered as the first request was: asked again if still pending,
   * the refund if it went through, and the same 409 if the provider refused it (no money moved: a
   * caller must never read a failed refund as done). Trying again after a refusal takes a new key.
   */
  async function settleOrView(refundId: number): Promise<Refund> {
    const row = await orders.refunds.byId(refundId);
    if (!row) throw notFound('Refund');
    if (row.status === 'pending') return settle(refundId);
    if (row.status === 'failed') throw refusal(row.failureReason);
    return orders.refunds.view(row);
  }

  return {
    refund,
    cancel: (orderId: number, reason: string | undefined, actor: Actor) => cancel(orderId, reason, actor, 0),

    /** Refunds the provider has not answered (a crash, a timeout): asked again with the same key. */
    async retryPendingRefunds(): Promise<number> {
      let settled = 0;
      for (const r of await orders.refunds.stalePending(new Date(Date.now() - REFUND_RETRY_AFTER_MS))) {
        const ok = await settle(r.id).then(
          () => true,
          () => false,
        );
        if (ok) settled += 1;
      }
      return settled;
    },

    /**
     * The provider's word on a payment's refunds (a webhook): the store's own refunds settled or
     * failed, and a refund made in the provider's dashboard recorded once, as money back without restock.
     */
    async providerRefunds(paymentIntentId: string, reported: readonly ProviderRefund[]): Promise<void> {
      const order = await orders.byPaymentId(paymentIntentId);
      if (!order) return;
      for (const r of reported) {
        const own = await db.transaction((tx) => orders.refunds.byProviderId(tx, r.id));
        if (own) {
          if (r.status === 'failed') await db.transaction((tx) => orders.refunds.failed(tx, own.id, r.failureReason ?? 'failed'));
          continue;
        }
        if (r.status === 'failed') continue;
        // One of the store's own refunds whose answer was lost: its reference says which.
        const mine = r.storeRef === null ? undefined : await orders.refunds.byId(r.storeRef);
        if (mine && mine.orderId === order.id) {
          if (mine.status === 'pending') await record(mine.id, r).catch(() => undefined);
          continue;
        }
        const added = await db.transaction(async (tx) => {
          const locked = await orders.lock(tx, order.id);
          return locked ? orders.refunds.external(tx, locked, r.id, r.amountCents) : false;
        });
        if (added) orders.deliverMail();
      }
    },
  };

  /**
   * POST /api/orders/:id/cancel. An unpaid order: its payment cancelled, its hold released. A paid
   * one, not shipped: refunded in full, what was not refunded yet put back in stock, then
   * 'cancelled'. A shipped one is refused (that is a return). Cancelling twice changes nothing.
   * An order that changed meanwhile is decided again on what it is now, at most MAX_REDECISIONS times.
   */
  async function cancel(orderId: number, reason: string | undefined, actor: Actor, redecided: number): Promise<AdminOrder> {
    const again = () => {
      if (redecided >= MAX_REDECISIONS) throw new AppError('conflict', 'This order keeps changing: cancel it again in a moment');
      return cancel(orderId, reason, actor, redecided + 1);
    };
    const found = await orders.byId(orderId);
    if (!found) throw notFound('Order');
    if (found.status === 'cancelled') return orders.adminOrder(orderId);
    if (found.status === 'shipped' || found.status === 'delivered') {
      throw new AppError(
        'conflict',
        'This order has shipped and cannot be cancelled. Refund what comes back as a return instead.',
      );
    }
    if (found.status === 'refunded') throw new AppError('conflict', 'This order is refunded in full already');
    if (found.status !== 'pending') return cancelPaid(found.status, orderId, reason, actor, again);

    if (found.paidAt) {
      throw new AppError('conflict', 'This order was paid and set back to pending: set it to paid, then cancel it to refund it');
    }
    if (found.paymentIssue) {
      throw new AppError(
        'conflict',
        "This order has a payment problem: settle the payment in the payment provider's dashboard before cancelling it",
      );
    }
    // The payment first: once cancelled at the provider it can no longer succeed behind the store's back.
    if (found.paymentIntentId) {
      await payments.cancel(found.paymentIntentId);
      const payment = await payments.retrieve(found.paymentIntentId).catch(() => null);
      if (payment?.status === 'succeeded') {
        await completePayment(found.paymentIntentId);
        return again();
      }
    }
    const cancelled = await db.transaction(async (tx) => {
      const order = await orders.lock(tx, orderId);
      if (!order) throw notFound('Order');
      if (order.status !== 'pending') return false;
      if (order.paidAt || order.paymentIssue)
        throw new AppError('conflict', 'This order was paid meanwhile: cancel it again to refund it');
      if (!order.stockReleasedAt) await holds.release(tx, order);
      await orders.cancelUnpaid(tx, order, reason ?? null, actor);
      await d.discounts.release(tx, order.id);
      return true;
    });
    // Changed meanwhile (paid, cancelled by another request): decided again on what it is now.
    if (!cancelled) return again();
    await catalog.catalogChanged();
    return orders.adminOrder(orderId);
  }

  /**
   * A paid order cancelled: whatever is left refunded, every unit not refunded yet back in stock.
   * Refused because the order is no longer what was read (another request cancelled, refunded or
   * shipped it meanwhile): decided again on what it is now.
   */
  async function cancelPaid(
    readStatus: string,
    orderId: number,
    reason: string | undefined,
    actor: Actor,
    again: () => Promise<AdminOrder>,
  ): Promise<AdminOrder> {
    // Another request is cancelling it right now: its refund, not a second one.
    const inFlight = await orders.refunds.pendingCancellation(orderId);
    if (inFlight) {
      await settleOrView(inFlight.id);
      return orders.adminOrder(orderId);
    }
    const left = await orders.refunds.summary(orderId);
    const items = left.lines
      .filter((l) => l.quantity > l.refundedQuantity)
      .map((l) => ({ productId: l.productId, quantity: l.quantity - l.refundedQuantity, restock: true }));
    const request: RefundRequest = {
      amount: left.refundable,
      ...(items.length > 0 ? { items } : {}),
      ...(reason ? { reason } : {}),
    };
    // One key per state of the order's refunds: a double click is one refund; after a refused one, a new try.
    const failed = left.refunds.filter((r) => r.status === 'failed').length;
    // A refusal by the provider is thrown by refund() as a 409 with its reason.
    try {
      await refund(orderId, request, actor, `cancel-${left.refundedTotal}-${failed}`, { cancelsOrder: true });
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'conflict')) throw err;
      // Another cancel recorded its refund after this one looked: that refund, not a second one.
      const since = await orders.refunds.pendingCancellation(orderId);
      if (since) {
        await settleOrView(since.id);
        return orders.adminOrder(orderId);
      }
      if ((await orders.byId(orderId))?.status !== readStatus) return again();
      throw err;
    }
    return orders.adminOrder(orderId);
  }
}
