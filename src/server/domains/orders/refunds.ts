import { formatCents, formatUsd, parseCents } from '#shared/money.ts';
import type { OrderRefunds, Refund, RefundRequest } from '#shared/refunds.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, actorName, recordEvent } from './history.ts';
import type { OrderMail } from './mail-queue.ts';
import type { OrderWebhooks } from './webhooks.ts';
import * as repo from './repo.ts';
import { paidFor, requestFingerprint, taxFor, taxOfAmount } from './refund-amounts.ts';
import { toRefund } from './refund-views.ts';
import * as refunds from './refunds-repo.ts';

export type RefundRow = refunds.RefundRow;

/** Orders whose payment went through: only these can be refunded. */
const REFUNDABLE_STATUSES = new Set(['paid', 'shipped', 'delivered']);

/** The status an order goes back to when a refund that made it 'refunded' fails after all. */
const statusBeforeRefund = (o: repo.OrderRow) => (o.deliveredAt ? 'delivered' : o.shippedAt ? 'shipped' : 'paid');

/**
 * An order's refunds, for the checkout domain that moves the money (domains/checkout/refunds.ts):
 * the checks and the record, each in the caller's transaction. A refund is written 'pending' with
 * its amount taken off what is left before the provider is asked, so refunds sent at once can never
 * give back more than was paid.
 */
export function createOrderRefunds(
  db: Database,
  mail: OrderMail,
  hooks: OrderWebhooks,
  /** Why a dispute refuses refunds of this order now (docs/decisions/0059); null when it does not. */
  refundBlocked: (tx: Tx, order: repo.OrderRow) => Promise<string | null> = async () => null,
) {
  async function view(tx: Tx, refund: RefundRow): Promise<Refund> {
    const items = await refunds.selectRefundItems(tx, [refund.id]);
    const names = new Map((await repo.selectItems(tx, refund.orderId)).map((i) => [i.productId, i.name]));
    return toRefund(refund, items, names);
  }

  /** The order, then its refund, locked in the order every refund change takes them (no deadlock between two). */
  async function lockBoth(tx: Tx, refundId: number) {
    const found = await refunds.selectRefund(tx, refundId);
    if (!found) return { order: undefined, refund: undefined };
    const order = await repo.selectById(tx, found.orderId, true);
    return { order, refund: await refunds.selectRefund(tx, refundId, true) };
  }

  return {
    view: (refund: RefundRow, tx: Tx = db) => view(tx, refund),

    /** The sha256 a client's key is bound to (requestFingerprint). */
    fingerprint: requestFingerprint,
    /** The refund an earlier request with this key made, if any. */
    byKey: (orderId: number, key: string, tx: Tx = db) => refunds.selectRefundByKey(tx, orderId, key),
    byId: (id: number) => refunds.selectRefund(db, id),
    /** These refunds, by id, in one statement. */
    byIds: async (ids: readonly number[]) => new Map((await refunds.selectRefundsByIds(db, ids)).map((r) => [r.id, r])),
    /** Units of each product refunded so far (pending refunds included), in the caller's transaction. */
    refundedQuantities: (tx: Tx, orderId: number) => refunds.selectRefundedQuantities(tx, orderId),
    /** The same for several orders at once, by order. */
    refundedQuantitiesOf: (orderIds: readonly number[]) => refunds.selectRefundedQuantitiesOf(db, orderIds),
    /** What these units of the order were paid, as a refund of them now gives back (paidFor). */
    async worthOf(tx: Tx, orderId: number, units: readonly { productId: number; quantity: number }[]): Promise<number> {
      return paidFor(await repo.selectItems(tx, orderId), await refunds.selectRefundedQuantities(tx, orderId), units);
    },
    /** The cancellation's refund still waiting for the provider, if one is. */
    pendingCancellation: async (orderId: number) =>
      (await refunds.selectRefunds(db, orderId)).find((r) => r.cancelsOrder && r.status === 'pending'),
    byProviderId: (tx: Tx, providerRefundId: string) => refunds.selectRefundByProviderId(tx, providerRefundId, true),
    /** Refunds the provider has not answered for a while (its answer was lost): asked again by the sweep. */
    stalePending: (before: Date) => refunds.selectPendingRefunds(db, before),

    /**
     * Checks a refund against the order (locked by the caller) and records it pending. 409 with a
     * message when the order cannot be refunded or the refund is more than is left; 400 for a line
     * the order does not have. Undefined when a refund with this request key was recorded meanwhile.
     */
    async reserve(
      tx: Tx,
      order: repo.OrderRow,
      request: RefundRequest,
      o: { actor: Actor; requestKey: string | null; requestHash?: string; cancelsOrder?: boolean; returnId?: number },
    ): Promise<RefundRow | undefined> {
      if (order.status === 'pending' || !order.paidAt) {
        throw new AppError('conflict', 'This order is not paid: there is nothing to refund. Cancel it instead.');
      }
      if (order.status === 'cancelled') throw new AppError('conflict', 'This order is cancelled: it was refunded already');
      if (order.status === 'refunded' || order.refundedCents >= order.totalCents) {
        throw new AppError('conflict', 'This order is refunded in full already');
      }
      if (!REFUNDABLE_STATUSES.has(order.status)) throw new AppError('conflict', `A ${order.status} order cannot be refunded`);
      const disputed = await refundBlocked(tx, order);
      if (disputed) throw new AppError('conflict', disputed);

      const bought = await repo.selectItems(tx, order.id);
      const refunded = await refunds.selectRefundedQuantities(tx, order.id);
      for (const line of request.items ?? []) {
        const item = bought.find((i) => i.productId === line.productId);
        if (!item) throw new AppError('bad_request', `This order has no product ${line.productId}`);
        const left = item.quantity - (refunded.get(line.productId) ?? 0);
        if (line.quantity > left) {
          throw new AppError(
            'conflict',
            left === 0
              ? `${item.name} is refunded in full already`
              : `Only ${left} of ${item.name} can still be refunded (${item.quantity} bought)`,
          );
        }
      }
      const left = order.totalCents - order.refundedCents;
      // Neither lines nor an amount: what is left (pending refunds already count), as Stripe refunds the rest.
      const amountCents =
        request.amount !== undefined
          ? parseCents(request.amount)
          : request.items !== undefined
            ? paidFor(bought, refunded, request.items)
            : left;
      if (amountCents <= 0) throw new AppError('bad_request', 'A refund must be more than $0.00');
      // Its part of the sales tax (docs/decisions/0047): all that is left with the rest of the order;
      // the lines' own shares when it gives back lines at least at what they were paid; else in proportion.
      const linesTax =
        request.items !== undefined && amountCents < left && amountCents >= paidFor(bought, refunded, request.items)
          ? Math.min(taxFor(bought, refunded, request.items), order.taxCents - order.refundedTaxCents, amountCents)
          : undefined;
      const taxCents = linesTax ?? taxOfAmount(order, amountCents);
      if (amountCents > left) {
        throw new AppError(
          'conflict',
          `Only ${formatUsd(left)} of this order can still be refunded (${formatUsd(order.refundedCents)} of ${formatUsd(order.totalCents)} refunded already)`,
        );
      }
      return refunds.insertRefund(
        tx,
        {
          orderId: order.id,
          amountCents,
          taxCents,
          reason: request.reason ?? null,
          requestKey: o.requestKey,
          requestHash: o.requestHash ?? null,
          actor: actorName(o.actor),
          cancelsOrder: o.cancelsOrder ?? false,
          returnId: o.returnId ?? null,
        },
        (request.items ?? []).map((l) => ({ productId: l.productId, quantity: l.quantity, restock: l.restock })),
      );
    },

    /**
     * The provider accepted the refund: recorded, the order 'refunded' when nothing is left (or
     * 'cancelled' for a cancellation), its history told, one e-mail queued. Returns the lines to put
     * back in stock, or undefined when the refund was settled already (nothing to do twice).
     */
    async succeeded(
      tx: Tx,
      refundId: number,
      providerRefundId: string,
    ): Promise<{ refund: RefundRow; restock: { productId: number; name: string; quantity: number }[] } | undefined> {
      const { order, refund } = await lockBoth(tx, refundId);
      if (!order || refund?.status !== 'pending') return undefined;
      const settled = await refunds.settleRefund(tx, refund, { status: 'succeeded', providerRefundId });
      const items = await refunds.selectRefundItems(tx, [refund.id]);
      const bought = await repo.selectItems(tx, order.id);
      const named = items.map((i) => ({
        ...i,
        name: bought.find((b) => b.productId === i.productId)?.name ?? `Product ${i.productId}`,
      }));
      let updated = order;
      if (refund.cancelsOrder) {
        updated = (await repo.updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: new Date() })) ?? order;
      } else if (order.refundedCents >= order.totalCents && REFUNDABLE_STATUSES.has(order.status)) {
        updated = (await repo.updateOrder(tx, order.id, { status: 'refunded' })) ?? order;
      }
      const restocked = named.filter((i) => i.restock);
      const what = named.length > 0 ? ` for ${named.map((i) => `${i.quantity} × ${i.name}`).join(', ')}` : '';
      const stock =
        restocked.length > 0 ? `; put back in stock: ${restocked.map((i) => `${i.quantity} × ${i.name}`).join(', ')}` : '';
      const why = refund.reason ? ` (${refund.reason})` : '';
      const actor = refund.actor;
      await recordEvent(
        tx,
        order.id,
        'refunded',
        `Refunded ${formatUsd(refund.amountCents)}${what}${why}${stock}`,
        { admin: actor },
        `Refund of ${formatUsd(refund.amountCents)} issued to your card${what}`,
      );
      if (refund.cancelsOrder) {
        await recordEvent(tx, order.id, 'cancelled', `Order cancelled${why}`, { admin: actor }, 'Order cancelled');
      } else if (updated.status === 'refunded' && order.status !== 'refunded') {
        await recordEvent(tx, order.id, 'status_changed', `Status changed from ${order.status} to refunded`, 'store');
      }
      await mail.queueRefund(tx, updated, { ...settled, lines: named });
      await hooks.refunded(tx, updated, settled);
      if (refund.cancelsOrder) await hooks.cancelled(tx, updated, refund.reason);
      return { refund: settled, restock: restocked };
    },

    /**
     * The provider refused the refund, or reports it failed: its amount goes back on what is left
     * to refund, and an order it had made 'refunded' reads as before. Stock put back stays put back.
     */
    async failed(tx: Tx, refundId: number, reason: string): Promise<RefundRow | undefined> {
      const { order, refund } = await lockBoth(tx, refundId);
      if (!refund || refund.status === 'failed') return undefined;
      const failed = await refunds.settleRefund(tx, refund, { status: 'failed', failureReason: reason });
      if (order?.status === 'refunded') await repo.updateOrder(tx, order.id, { status: statusBeforeRefund(order) });
      await recordEvent(
        tx,
        refund.orderId,
        'refund_failed',
        `Refund of ${formatUsd(refund.amountCents)} failed: ${reason}`,
        'payment provider',
      );
      return failed;
    },

    /**
     * A refund made outside the store (in the provider's dashboard), recorded once by its provider
     * id with what is left to refund as its ceiling; the order 'refunded' when nothing is left.
     */
    async external(tx: Tx, order: repo.OrderRow, providerRefundId: string, amountCents: number): Promise<boolean> {
      if (await refunds.selectRefundByProviderId(tx, providerRefundId)) return false;
      const amount = Math.min(amountCents, order.totalCents - order.refundedCents);
      if (amount <= 0) return false;
      const taxCents = taxOfAmount(order, amount);
      const row = await refunds.insertRefund(
        tx,
        {
          orderId: order.id,
          amountCents: amount,
          taxCents,
          reason: "Refunded in the payment provider's dashboard",
          requestKey: `provider:${providerRefundId}`,
          actor: 'payment provider',
          cancelsOrder: false,
          providerRefundId,
          status: 'succeeded',
          settledAt: new Date(),
        },
        [],
      );
      if (!row) return false;
      await recordEvent(
        tx,
        order.id,
        'refunded',
        `Refunded ${formatUsd(amount)} in the payment provider's dashboard`,
        'payment provider',
        `Refund of ${formatUsd(amount)} issued to your card`,
      );
      if (order.refundedCents + amount >= order.totalCents && REFUNDABLE_STATUSES.has(order.status)) {
        await repo.updateOrder(tx, order.id, { status: 'refunded' });
        await recordEvent(tx, order.id, 'status_changed', `Status changed from ${order.status} to refunded`, 'store');
      }
      const updated = (await repo.selectById(tx, order.id)) ?? order;
      await mail.queueRefund(tx, updated, { id: row.id, amountCents: amount, cancelsOrder: false, returnId: null, lines: [] });
      await hooks.refunded(tx, updated, row);
      return true;
    },

    /** GET /api/orders/:id/refunds: the refunds, and what each line and the order have left. */
    async summary(orderId: number): Promise<OrderRefunds> {
      const order = await repo.selectById(db, orderId);
      if (!order) throw notFound('Order');
      const [rows, bought, quantities] = await Promise.all([
        refunds.selectRefunds(db, orderId),
        repo.selectItems(db, orderId),
        refunds.selectRefundedQuantities(db, orderId),
      ]);
      const items = await refunds.selectRefundItems(
        db,
        rows.map((r) => r.id),
      );
      const names = new Map(bought.map((i) => [i.productId, i.name]));
      return {
        refunds: rows.map((r) => toRefund(r, items, names)),
        lines: bought.map((i) => ({
          productId: i.productId,
          name: i.name,
          unitPrice: formatCents(i.unitPriceCents),
          quantity: i.quantity,
          refundedQuantity: quantities.get(i.productId) ?? 0,
          worth: Array.from({ length: Math.max(0, i.quantity - (quantities.get(i.productId) ?? 0)) }, (_, k) =>
            formatCents(paidFor(bought, quantities, [{ productId: i.productId, quantity: k + 1 }])),
          ),
        })),
        refundedTotal: formatCents(order.refundedCents),
        refundable: formatCents(
          order.paidAt && REFUNDABLE_STATUSES.has(order.status) ? order.totalCents - order.refundedCents : 0,
        ),
      };
    },
  };
}

export type OrderRefundsService = ReturnType<typeof createOrderRefunds>;
