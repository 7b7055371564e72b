import { formatCents, formatUsd, parseCents } from '#shared/money.ts';
import type { AdminReturnsQuery } from '#shared/returns-schemas.ts';
import { type AdminReturn, type ShopperReturn, rmaNumber } from '#shared/returns.ts';
import { customerName } from '#shared/ship-to.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { CheckoutService } from '../checkout/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import { type Actor, actorName, type Order, type OrderLine, type OrdersService } from '../orders/service.ts';
import { createReturnReads } from './reads.ts';
import { createReturnMail, RETURN_MAIL } from './approval.ts';
import { createReturnRefund } from './refund.ts';
import { returnData } from './webhook-data.ts';
import { ownerReturnAlertMail, returnRefusedMail, returnRequestedMail } from './emails/return-mails.tsx';
import * as repo from './repo.ts';
import { openQuantities, type ReturnableLine, returnableLines, shopperView } from './views.ts';
import { returnWindow } from './window.ts';

export type ReturnsService = ReturnType<typeof createReturnsService>;
export type { ReturnableLine } from './views.ts';
export { returnWindow } from './window.ts';
export { customerReturns, eraseCustomerReturns } from './customer-privacy.ts';

/**
 * Returns (docs/decisions/0037): the shopper asks from their order page for lines still theirs to send
 * back, within the window; the owner approves (a return label, or the built-in slip) or refuses;
 * when the parcel is back the owner receives it and its lines are refunded through the order's
 * refunds, put back in stock or not. Each step is in the order's history and e-mailed to the shopper.
 */
export function createReturnsService(d: {
  db: Database;
  orders: OrdersService;
  checkout: CheckoutService;
  fulfilment: FulfilmentService;
  outbox: Outbox;
  /** Webhooks out: return.requested and return.received, written with their change (docs/decisions/0058). */
  webhooks: WebhookEmitter;
  /** The signed link to an order's page for its shopper (the order-status domain's). */
  orderPageLink(orderId: number): string;
  store: StoreContact;
  ownerEmail: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, orders } = d;

  d.outbox.onDelivered(RETURN_MAIL, async (tx, orderId, to) => {
    if (orderId === null) return;
    await orders.recordEvent(orderId, 'email_sent', `Return e-mail sent to ${to}`, 'store', null, tx);
  });
  d.fulfilment.tracking.onReturnArrived((tx, returnId, at) => repo.markArrived(tx, returnId, at));

  const { linesOfReturn, factsOf, adminViews } = createReturnReads(d);
  const refundReturn = createReturnRefund(d);
  const { queueMail, makeLabel } = createReturnMail(d, linesOfReturn);

  async function found(id: number): Promise<repo.ReturnRow> {
    const ret = await repo.selectReturn(db, id);
    if (!ret) throw notFound('Return');
    return ret;
  }

  return {
    /**
     * POST /api/order-status/:token/returns: lines the shopper still has (bought, not refunded, not in
     * another return under way), within the window. The order is locked, so two requests at once
     * cannot send the same unit back twice.
     */
    async request(orderId: number, body: { items: { productId: number; quantity: number }[]; reason: string }) {
      const ret = await db.transaction(async (tx) => {
        const order = await orders.lock(tx, orderId);
        if (!order?.paidAt) throw notFound('Order');
        const window = returnWindow(order);
        if (!window.open) throw new AppError('conflict', window.reason ?? 'This order cannot be returned');
        const [bought, refunded, open] = await Promise.all([
          orders.items(tx, orderId),
          orders.refunds.refundedQuantities(tx, orderId),
          repo.selectOpenQuantities(tx, orderId),
        ]);
        const returnable = returnableLines(bought, refunded, open);
        for (const line of body.items) {
          const item = returnable.find((b) => b.productId === line.productId);
          if (!item) throw new AppError('bad_request', `This order has no product ${line.productId}`);
          if (line.quantity > item.left) {
            throw new AppError(
              'conflict',
              item.left <= 0
                ? `${item.name} is already returned or refunded`
                : `Only ${item.left} of ${item.name} can still be returned (${item.bought} bought)`,
            );
          }
        }
        const row = await repo.insertReturn(tx, { orderId, reason: body.reason }, body.items);
        const lines = body.items.map((l) => `${l.quantity} × ${bought.find((b) => b.productId === l.productId)?.name}`);
        await orders.recordEvent(
          orderId,
          'return_requested',
          `Return ${rmaNumber(row.id)} requested for ${lines.join(', ')}: ${body.reason}`,
          'shopper',
          `Return ${rmaNumber(row.id)} requested: ${lines.join(', ')}`,
          tx,
        );
        await queueMail(tx, row, 'requested', (f) => returnRequestedMail(f, body.reason));
        await d.webhooks.emit(tx, 'return.requested', {
          return: returnData(row, order, body.items, bought),
        });
        if (d.ownerEmail) {
          const mail = await ownerReturnAlertMail(
            d.ownerEmail,
            {
              rma: rmaNumber(row.id),
              orderId,
              customer: customerName(order) || (order.email ?? 'A customer'),
              reason: body.reason,
              lines,
              dashboardUrl: `${d.store.publicUrl}/admin?tab=returns`,
            },
            d.store,
          );
          await d.outbox.enqueue(tx, { key: `return-owner:${row.id}`, kind: 'owner_alert', ...mail });
        }
        return row;
      });
      d.outbox.deliverSoon();
      d.webhooks.deliverSoon();
      return ret;
    },

    /**
     * POST /api/admin/returns/:id/approve: approved, then its label made. When the label cannot be
     * made the return stays approved without one, and the answer says so (approving again makes it).
     */
    async approve(id: number, actor: Actor): Promise<AdminReturn> {
      const ret = await found(id);
      if (ret.status === 'refused' || ret.status === 'received') {
        throw new AppError('conflict', `This return is ${ret.status} already`);
      }
      const approved =
        (await repo.updateFrom(db, id, ['requested'], {
          status: 'approved',
          decidedBy: actorName(actor),
          decidedAt: new Date(),
        })) ?? (await found(id));
      if (approved.status !== 'approved') throw new AppError('conflict', `This return is ${approved.status} already`);
      await makeLabel(approved, actor);
      return this.adminReturn(id);
    },

    /** POST /api/admin/returns/:id/refuse: only a return waiting for approval; the shopper reads the reason. */
    async refuse(id: number, reason: string, actor: Actor): Promise<AdminReturn> {
      const refused = await db.transaction(async (tx) => {
        const row = await repo.updateFrom(tx, id, ['requested'], {
          status: 'refused',
          refusal: reason,
          decidedBy: actorName(actor),
          decidedAt: new Date(),
        });
        if (!row) return undefined;
        await orders.recordEvent(
          row.orderId,
          'return_refused',
          `Return ${rmaNumber(id)} refused: ${reason}`,
          actor,
          `Your return ${rmaNumber(id)} was not accepted: ${reason}`,
          tx,
        );
        await queueMail(tx, row, 'refused', (f) => returnRefusedMail(f, reason));
        return row;
      });
      if (!refused) {
        const now = await found(id);
        throw new AppError('conflict', `This return is ${now.status} already: only a return waiting for approval can be refused`);
      }
      d.outbox.deliverSoon();
      return this.adminReturn(id);
    },

    /**
     * POST /api/admin/returns/:id/receive: the parcel is back. Its lines are refunded through the
     * order's refunds (one refund whatever the retries), put back in stock when `restock`, with the
     * postage the shopper paid when they posted it themselves (refused for a prepaid label). The
     * return is received once its refund went through or is waiting for the provider's answer; a
     * refund the provider refused leaves it approved (409), and receiving it again tries again.
     */
    async receive(id: number, body: { restock: boolean; postage?: string }, actor: Actor): Promise<AdminReturn> {
      const ret = await found(id);
      if (ret.status === 'received') return this.adminReturn(id);
      if (ret.status !== 'approved') {
        throw new AppError('conflict', `This return is ${ret.status}: approve it before receiving it`);
      }
      if (body.postage !== undefined && (await d.fulfilment.returnLabels([id])).get(id)?.prepaid) {
        throw new AppError(
          'conflict',
          'This return came back with the prepaid label the store bought: there is no postage to refund',
        );
      }
      const units = (await repo.selectItems(db, [id])).map((i) => ({ productId: i.productId, quantity: i.quantity }));
      // What the lines cost the shopper: their prices less their share of the order's discount.
      const worth = await orders.refunds.worthOf(db, ret.orderId, units);
      const postage = body.postage ? parseCents(body.postage) : 0;
      const refund = await refundReturn(
        ret,
        {
          items: units.map((u) => ({ ...u, restock: body.restock })),
          ...(postage > 0 ? { amount: formatCents(worth + postage) } : {}),
          reason: `Return ${rmaNumber(id)}${postage > 0 ? `, with ${formatUsd(postage)} postage` : ''}`,
        },
        actor,
      );
      if (refund.status === 'failed') throw new AppError('conflict', 'The payment provider refused the refund');
      const waiting = refund.status === 'pending' ? ', waiting for the payment provider' : '';
      await db.transaction(async (tx) => {
        const row = await repo.updateFrom(tx, id, ['approved'], {
          status: 'received',
          receivedAt: new Date(),
          receivedBy: actorName(actor),
          restocked: body.restock,
          refundId: refund.id,
        });
        if (!row) return;
        await orders.recordEvent(
          ret.orderId,
          'return_received',
          `Return ${rmaNumber(id)} received${body.restock ? ', put back in stock' : ', not restocked'}; refund ${formatUsd(refund.amountCents)}${waiting}`,
          actor,
          `Your return ${rmaNumber(id)} arrived`,
          tx,
        );
        const order = await orders.byId(ret.orderId, tx);
        if (order) {
          await d.webhooks.emit(tx, 'return.received', {
            return: {
              ...returnData(row, order, units, await orders.items(tx, ret.orderId)),
              restocked: body.restock,
              refund: { id: refund.id, amount: formatCents(refund.amountCents), status: refund.status },
            },
          });
        }
      });
      d.webhooks.deliverSoon();
      return this.adminReturn(id);
    },

    async adminReturn(id: number): Promise<AdminReturn> {
      const [view] = await adminViews([await found(id)]);
      if (!view) throw notFound('Return');
      return view;
    },

    /** GET /api/admin/returns: a page, newest first, and the next page's cursor. */
    async list(q: AdminReturnsQuery): Promise<{ returns: AdminReturn[]; next: number | null }> {
      const rows = await repo.selectPage(db, q);
      const page = rows.slice(0, q.limit);
      return { returns: await adminViews(page), next: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null };
    },

    counts: () => repo.countByStatus(db),

    /**
     * An order's returns for its page (the order and its lines as the caller holds them), each label
     * at the address `labelUrl` gives, and what of each line can still be returned.
     */
    async forOrder(
      order: Order,
      items: readonly OrderLine[],
      labelUrl: (returnId: number) => string,
    ): Promise<{ returns: ShopperReturn[]; returnable: ReturnableLine[] }> {
      const rows = await repo.selectReturnsOfOrder(db, order.id);
      const facts = await factsOf(rows, { order, items });
      const refunded = facts.orders.get(order.id)?.refunded ?? new Map<number, number>();
      return {
        returns: rows.map((r) => shopperView(r, facts, labelUrl(r.id))),
        returnable: returnableLines(items, refunded, openQuantities(rows, facts.items)),
      };
    },

    /** The PDF of a return's label; 404 unless the return is the order's and has one. */
    async labelFile(id: number, orderId?: number): Promise<Buffer> {
      const ret = await repo.selectReturn(db, id);
      if (!ret || (orderId !== undefined && ret.orderId !== orderId)) throw notFound('Return');
      return d.fulfilment.returnLabelFile(id);
    },
  };
}
