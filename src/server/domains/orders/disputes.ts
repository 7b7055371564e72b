import { type DisputeFacts, disputeStripeUrl, type OrderDisputes } from '#shared/disputes.ts';
import { formatUsd } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import { isOpen, labelsBlockedReason, RANK, STATUS_WORDS, toOrderDisputes } from './dispute-views.ts';
import * as disputesRepo from './disputes-repo.ts';
import { disputeOpenedMail } from './emails/dispute-opened.tsx';
import { type Actor, recordEvent } from './history.ts';
import { taxOfAmount } from './refund-amounts.ts';
import * as repo from './repo.ts';

const DISPUTE_MAIL = 'dispute_opened';

/** A dispute as the payment provider's event shows it (#shared/disputes.ts). */
export type { DisputeFacts };

export interface DisputeEventInput {
  type: string;
  /** The event's `created` (Unix seconds). */
  created: number;
  dispute: DisputeFacts;
}

export interface DisputeDeps {
  outbox: Outbox;
  store: { publicUrl: string };
  /** The owner's notification address (the store's settings); undefined: nothing is e-mailed. */
  ownerEmail(): string | undefined;
}

/**
 * Stripe's disputes of the orders' payments (docs/decisions/0059): one row per dispute, kept from
 * its webhooks in any order and any number of times, the order marked, its history told, the owner
 * e-mailed once per dispute, and a lost one counted out of revenue as a refund of what it took.
 */
export function createOrderDisputes(db: Database, d: DisputeDeps) {
  /** The order's mark: an open dispute if any, else a lost one, else the newest; and what lost ones took back. */
  async function settleOrder(tx: Tx, order: repo.OrderRow): Promise<void> {
    const rows = await disputesRepo.selectOrderDisputes(tx, order.id);
    const open = rows.filter((r) => isOpen(r.status)).at(-1);
    const lost = rows.filter((r) => r.status === 'lost');
    const status = open?.status ?? lost.at(-1)?.status ?? rows.at(-1)?.status ?? null;
    // Never more than the refunds left of the order: money already given back is not taken back twice.
    const lostCents = Math.min(
      lost.reduce((n, r) => n + r.amountCents, 0),
      Math.max(0, order.totalCents - order.refundedCents),
    );
    const lostTaxCents = lostCents === 0 ? 0 : taxOfAmount(order, lostCents);
    if (status !== order.disputeStatus || lostCents !== order.disputeLostCents || lostTaxCents !== order.disputeLostTaxCents) {
      await repo.updateOrder(tx, order.id, {
        disputeStatus: status,
        disputeLostCents: lostCents,
        disputeLostTaxCents: lostTaxCents,
      });
    }
  }

  async function queueMail(tx: Tx, orderId: number, row: disputesRepo.DisputeRow): Promise<boolean> {
    const to = d.ownerEmail();
    if (!to) return false;
    const mail = await disputeOpenedMail(
      {
        orderId,
        amountCents: row.amountCents,
        reason: row.reason,
        inquiry: row.status.startsWith('warning_'),
        evidenceDueBy: row.evidenceDueBy,
        stripeUrl: disputeStripeUrl(row.id),
        orderUrl: `${d.store.publicUrl}/admin?tab=orders&q=${orderId}`,
        store: d.store,
      },
      to,
    );
    await d.outbox.enqueue(tx, { key: `dispute:${row.id}`, kind: DISPUTE_MAIL, ref: orderId, ...mail });
    return true;
  }

  d.outbox.onDelivered(DISPUTE_MAIL, async (tx, orderId, to) => {
    if (orderId !== null) await recordEvent(tx, orderId, 'email_sent', `Dispute alert e-mailed to ${to}`, 'store');
  });

  return {
    /**
     * A verified `charge.dispute.*` event: the dispute inserted or brought up to date (an older event
     * changes nothing a newer one said, a status never moves back), its order marked and told.
     * `orderId` null: no order of this store has that payment (kept, not acted on).
     */
    async apply(e: DisputeEventInput): Promise<{ orderId: number | null }> {
      const x = e.dispute;
      let mailed = false;
      const orderId = await db.transaction(async (tx) => {
        // The order first, then its dispute: every dispute change takes them in that order.
        const order = x.paymentId ? await repo.selectByPaymentId(tx, x.paymentId, true) : undefined;
        const withdrawn = x.balanceCents.filter((c) => c < 0).reduce((n, c) => n - c, 0);
        const reinstated = x.balanceCents.filter((c) => c > 0).reduce((n, c) => n + c, 0);
        const inserted = await disputesRepo.insertDispute(tx, {
          id: x.id,
          orderId: order?.id ?? null,
          chargeId: x.chargeId,
          paymentIntentId: x.paymentId,
          amountCents: x.amountCents,
          currency: x.currency,
          reason: x.reason,
          status: x.status,
          evidenceDueBy: x.evidenceDueBy,
          isChargeRefundable: x.isChargeRefundable,
          withdrawnCents: withdrawn,
          reinstatedCents: reinstated,
          openedAt: new Date(x.created * 1000),
          eventAt: e.created,
        });
        let row = inserted;
        let before: disputesRepo.DisputeRow | undefined;
        if (!row) {
          before = await disputesRepo.selectDispute(tx, x.id, true);
          if (!before) throw new Error('dispute vanished');
          const newer = e.created >= before.eventAt;
          const moves = RANK[x.status] > RANK[before.status];
          row = await disputesRepo.updateDispute(tx, x.id, {
            ...(newer
              ? {
                  amountCents: x.amountCents,
                  reason: x.reason,
                  evidenceDueBy: x.evidenceDueBy,
                  isChargeRefundable: x.isChargeRefundable,
                  eventAt: e.created,
                }
              : {}),
            ...(moves ? { status: x.status } : {}),
            orderId: before.orderId ?? order?.id ?? null,
            withdrawnCents: Math.max(before.withdrawnCents, withdrawn),
            reinstatedCents: Math.max(before.reinstatedCents, reinstated),
          });
        }
        if (!order || !row) return null;

        const amount = formatUsd(row.amountCents);
        if (inserted) {
          const due = row.evidenceDueBy ? `; evidence due by ${row.evidenceDueBy.toISOString().slice(0, 10)}` : '';
          await recordEvent(
            tx,
            order.id,
            'disputed',
            `Dispute ${row.id} opened for ${amount} (reason: ${row.reason.replace(/_/g, ' ')})${due}: ${STATUS_WORDS[row.status]}`,
            'payment provider',
          );
          mailed = await queueMail(tx, order.id, row);
        } else if (before && before.status !== row.status) {
          await recordEvent(
            tx,
            order.id,
            'disputed',
            `Dispute ${row.id} of ${amount} is ${STATUS_WORDS[row.status]}`,
            'payment provider',
          );
        }
        if (row.withdrawnCents > (before?.withdrawnCents ?? 0)) {
          await recordEvent(
            tx,
            order.id,
            'disputed',
            `Stripe withdrew ${formatUsd(row.withdrawnCents)} for dispute ${row.id}`,
            'payment provider',
          );
        }
        if (row.reinstatedCents > (before?.reinstatedCents ?? 0)) {
          await recordEvent(
            tx,
            order.id,
            'disputed',
            `Stripe reinstated ${formatUsd(row.reinstatedCents)} for dispute ${row.id}`,
            'payment provider',
          );
        }
        await settleOrder(tx, order);
        return order.id;
      });
      if (mailed) d.outbox.deliverSoon();
      return { orderId };
    },

    /** GET /api/orders/:id/disputes: what the order card shows; 404 for no such order. */
    async forOrder(orderId: number): Promise<OrderDisputes> {
      const order = await repo.selectById(db, orderId);
      if (!order) throw notFound('Order');
      return toOrderDisputes(order, await disputesRepo.selectOrderDisputes(db, orderId));
    },

    /** The disputes of a page of orders, by order (only those with a dispute are read). */
    async ofOrders(rows: readonly repo.OrderRow[]): Promise<Map<number, OrderDisputes>> {
      const disputed = rows.filter((o) => o.disputeStatus !== null);
      const found = await disputesRepo.selectDisputesOf(
        db,
        disputed.map((o) => o.id),
      );
      return new Map(
        disputed.map((o) => [
          o.id,
          toOrderDisputes(
            o,
            found.filter((r) => r.orderId === o.id),
          ),
        ]),
      );
    },

    /**
     * POST /api/admin/orders/:id/dispute-override: the owner allows labels for a disputed order,
     * recorded in its history. 404 for no such order, 409 when it has no dispute that refuses labels.
     */
    async override(orderId: number, actor: Actor, note?: string): Promise<OrderDisputes> {
      return db.transaction(async (tx) => {
        const order = await repo.selectById(tx, orderId, true);
        if (!order) throw notFound('Order');
        if (order.disputeOverrideAt) return toOrderDisputes(order, await disputesRepo.selectOrderDisputes(tx, orderId));
        if (!labelsBlockedReason(order)) {
          throw new AppError('conflict', 'This order has no open or lost dispute: its labels are not refused');
        }
        const updated = await repo.updateOrder(tx, orderId, { disputeOverrideAt: new Date() });
        if (!updated) throw notFound('Order');
        const why = note?.trim() ? `: ${note.trim()}` : '';
        await recordEvent(tx, orderId, 'dispute_override', `Labels allowed despite the dispute${why}`, actor);
        return toOrderDisputes(updated, await disputesRepo.selectOrderDisputes(tx, orderId));
      });
    },

    /**
     * Refunds of a disputed order (docs/decisions/0059), checked in the refund's transaction: refused
     * while a dispute is open and Stripe says the charge cannot be refunded, and after one was lost.
     */
    async refundBlockedReason(tx: Tx, order: repo.OrderRow): Promise<string | null> {
      if (order.disputeStatus === null) return null;
      const rows = await disputesRepo.selectOrderDisputes(tx, order.id);
      if (rows.some((r) => r.status === 'lost')) {
        return 'This order is disputed: the dispute was lost and the bank took the payment back, so there is nothing left to refund.';
      }
      if (rows.some((r) => isOpen(r.status) && !r.isChargeRefundable)) {
        return 'This order is disputed: Stripe does not refund a disputed payment. Answer the dispute in Stripe instead (accepting it gives the money back).';
      }
      return null;
    },

    /** What lost disputes took back from the paid live orders, and its sales tax part (the revenue figures). */
    lostTotals: () => disputesRepo.selectLostDisputeTotals(db),
    /** How many orders have a dispute: the Disputes list's count. */
    countDisputed: () => disputesRepo.countDisputedOrders(db),
  };
}

export type OrderDisputesService = ReturnType<typeof createOrderDisputes>;
