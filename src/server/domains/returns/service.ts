import { SHIPPING } from '#shared/constants.ts';
import { addBusinessDays } from '#shared/delivery.ts';
import { formatCents, formatUsd, parseCents } from '#shared/money.ts';
import type { AdminReturnsQuery } from '#shared/returns-schemas.ts';
import { type AdminReturn, RETURN_STATUS_LABELS, type ReturnLabel, type ShopperReturn, rmaNumber } from '#shared/returns.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { CheckoutService } from '../checkout/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { ShipmentRow } from '../fulfilment/shipments-repo.ts';
import type { OrderLinks } from '../order-status/links.ts';
import { paidWorth } from '../orders/refunds.ts';
import type { Actor, Order, OrdersService } from '../orders/service.ts';
import {
  ownerReturnAlertMail,
  type ReturnMailFacts,
  returnApprovedMail,
  returnRefusedMail,
  returnRequestedMail,
} from './emails/return-mails.tsx';
import * as repo from './repo.ts';

export type ReturnsService = ReturnType<typeof createReturnsService>;

const DAY_MS = 86_400_000;
const RETURN_MAIL = 'return_mail';

/** When the return window of an order opens and closes, and why it is closed when it is. */
export function returnWindow(order: Order, now = new Date()): { open: boolean; until: Date | null; reason: string | null } {
  if (order.status === 'pending' || order.status === 'paid') {
    return { open: false, until: null, reason: 'Returns open once your order has shipped.' };
  }
  if (order.status === 'cancelled') return { open: false, until: null, reason: 'This order was cancelled.' };
  if (order.status === 'refunded') return { open: false, until: null, reason: 'This order was refunded in full.' };
  // From the delivery; when the carrier never reported it, from the latest day it would have arrived.
  const from = order.deliveredAt ?? (order.shippedAt ? addBusinessDays(order.shippedAt, SHIPPING.transitDays[1]) : now);
  const until = new Date(from.getTime() + SHIPPING.returnDays * DAY_MS);
  if (until.getTime() < now.getTime()) {
    return {
      open: false,
      until,
      reason: `The ${SHIPPING.returnDays}-day return window closed on ${until.toISOString().slice(0, 10)}.`,
    };
  }
  return { open: true, until, reason: null };
}

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
  links: OrderLinks;
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

  /** What a return's lines are, named and priced from its order's lines. */
  async function linesOf(tx: Tx, ret: repo.ReturnRow) {
    const [items, bought] = await Promise.all([repo.selectItems(tx, [ret.id]), orders.items(tx, ret.orderId)]);
    return items.map((i) => {
      const line = bought.find((b) => b.productId === i.productId);
      return {
        productId: i.productId,
        name: line?.name ?? `Product ${i.productId}`,
        quantity: i.quantity,
        unitPriceCents: line?.unitPriceCents ?? 0,
      };
    });
  }

  const labelOf = (shipment: ShipmentRow | undefined, url: string): ReturnLabel | null =>
    shipment
      ? {
          url,
          prepaid: shipment.provider !== 'builtin',
          carrier: shipment.provider === 'builtin' ? null : shipment.carrier,
          service: shipment.provider === 'builtin' ? null : shipment.service,
          trackingNumber: shipment.trackingCode,
          trackingUrl: shipment.trackingUrl,
          cost: shipment.provider === 'builtin' ? null : formatCents(shipment.costCents ?? 0),
        }
      : null;

  async function shopperView(ret: repo.ReturnRow, shipment: ShipmentRow | undefined, labelUrl: string): Promise<ShopperReturn> {
    const [lines, order] = await Promise.all([linesOf(db, ret), orders.byId(ret.orderId)]);
    return {
      id: ret.id,
      rma: rmaNumber(ret.id),
      status: ret.status,
      statusLabel: RETURN_STATUS_LABELS[ret.status],
      reason: ret.reason,
      refusal: ret.refusal,
      items: lines.map(({ productId, name, quantity }) => ({ productId, name, quantity })),
      value: formatCents(
        paidWorth(
          order ?? { subtotalCents: 0, discountCents: 0 },
          lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0),
        ),
      ),
      requestedAt: ret.createdAt.toISOString(),
      label: labelOf(shipment, labelUrl),
      arrivedAt: ret.arrivedAt?.toISOString() ?? null,
      receivedAt: ret.receivedAt?.toISOString() ?? null,
    };
  }

  async function adminView(ret: repo.ReturnRow, shipment: ShipmentRow | undefined): Promise<AdminReturn> {
    const order = await orders.byId(ret.orderId);
    const base = await shopperView(ret, shipment, `/api/admin/returns/${ret.id}/label`);
    const refund = ret.refundId ? await orders.refunds.byId(ret.refundId) : undefined;
    return {
      ...base,
      orderId: ret.orderId,
      customerName: `${order?.firstName ?? ''} ${order?.lastName ?? ''}`.trim() || 'Customer',
      email: order?.email ?? null,
      decidedBy: ret.decidedBy,
      decidedAt: ret.decidedAt?.toISOString() ?? null,
      restocked: ret.restocked,
      refunded: refund && refund.status !== 'failed' ? formatCents(refund.amountCents) : null,
      labelMissing: ret.status === 'approved' && !shipment,
    };
  }

  /** Queues one of a return's e-mails to its shopper, in the caller's transaction. */
  async function queueMail(
    tx: Tx,
    ret: repo.ReturnRow,
    step: string,
    make: (f: ReturnMailFacts) => ReturnType<typeof returnRequestedMail>,
  ): Promise<void> {
    const order = await orders.byId(ret.orderId, tx);
    if (!order?.email) return;
    const lines = (await linesOf(tx, ret)).map((l) => `${l.quantity} × ${l.name}`);
    const mail = await make({
      to: order.email,
      name: order.firstName ?? 'there',
      orderId: order.id,
      rma: rmaNumber(ret.id),
      lines,
      orderPageUrl: d.links.link(order.id),
      store: d.store,
    });
    await d.outbox.enqueue(tx, { key: `return-${step}:${ret.id}`, kind: RETURN_MAIL, ref: order.id, ...mail });
  }

  async function found(id: number): Promise<repo.ReturnRow> {
    const ret = await repo.selectReturn(db, id);
    if (!ret) throw notFound('Return');
    return ret;
  }

  /** Makes an approved return's label (once), then tells the shopper how to send it back. */
  async function makeLabel(ret: repo.ReturnRow, actor: Actor): Promise<void> {
    if ((await d.fulfilment.returnLabels([ret.id])).has(ret.id)) return;
    if (!(await repo.claimLabel(db, ret.id))) return; // another request is making it
    let shipment: ShipmentRow;
    try {
      const lines = await linesOf(db, ret);
      shipment = await d.fulfilment.returnLabel({ returnId: ret.id, rma: rmaNumber(ret.id), orderId: ret.orderId, items: lines });
    } catch (err) {
      await repo.releaseLabel(db, ret.id);
      const why = err instanceof AppError ? err.message : 'the label provider did not answer';
      throw new AppError(
        err instanceof AppError && err.code === 'conflict' ? 'conflict' : 'unavailable',
        `The return is approved, but its label could not be made: ${why}. Approve it again to try again.`,
      );
    }
    const prepaid = shipment.provider !== 'builtin';
    await db.transaction(async (tx) => {
      await orders.recordEvent(
        ret.orderId,
        'return_approved',
        prepaid
          ? `Return label for ${rmaNumber(ret.id)} bought: ${shipment.carrier} ${shipment.service}, tracking ${shipment.trackingCode}, ${formatUsd(shipment.costCents ?? 0)}`
          : `Return slip for ${rmaNumber(ret.id)} made`,
        actor,
        prepaid
          ? `Your return ${rmaNumber(ret.id)}: prepaid return label ready on this page`
          : `Your return ${rmaNumber(ret.id)}: return slip ready on this page`,
        tx,
      );
      await queueMail(tx, ret, 'approved', (f) =>
        returnApprovedMail(f, { prepaid, carrier: shipment.carrier, trackingNumber: shipment.trackingCode }),
      );
    });
    d.outbox.deliverSoon();
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
        for (const line of body.items) {
          const item = bought.find((b) => b.productId === line.productId);
          if (!item) throw new AppError('bad_request', `This order has no product ${line.productId}`);
          const left = item.quantity - (refunded.get(line.productId) ?? 0) - (open.get(line.productId) ?? 0);
          if (line.quantity > left) {
            throw new AppError(
              'conflict',
              left <= 0
                ? `${item.name} is already returned or refunded`
                : `Only ${left} of ${item.name} can still be returned (${item.quantity} bought)`,
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
        if (d.ownerEmail) {
          const mail = await ownerReturnAlertMail(
            d.ownerEmail,
            {
              rma: rmaNumber(row.id),
              orderId,
              customer: `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim() || (order.email ?? 'A customer'),
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
      return ret;
    },

    /** POST /api/admin/returns/:id/approve: approved, then its label made; approving again makes a label that failed. */
    async approve(id: number, actor: Actor): Promise<AdminReturn> {
      const ret = await found(id);
      if (ret.status === 'refused' || ret.status === 'received') {
        throw new AppError('conflict', `This return is ${ret.status} already`);
      }
      const who = typeof actor === 'string' ? actor : actor.admin;
      const approved =
        (await db.transaction((tx) =>
          repo.updateFrom(tx, id, ['requested'], { status: 'approved', decidedBy: who, decidedAt: new Date() }),
        )) ?? (await found(id));
      if (approved.status !== 'approved') throw new AppError('conflict', `This return is ${approved.status} already`);
      await makeLabel(approved, actor);
      return this.adminReturn(id);
    },

    /** POST /api/admin/returns/:id/refuse: only a return waiting for approval; the shopper reads the reason. */
    async refuse(id: number, reason: string, actor: Actor): Promise<AdminReturn> {
      const who = typeof actor === 'string' ? actor : actor.admin;
      const refused = await db.transaction(async (tx) => {
        const row = await repo.updateFrom(tx, id, ['requested'], {
          status: 'refused',
          refusal: reason,
          decidedBy: who,
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
     * order's refunds (one refund whatever the retries: its key is the return's), put back in stock
     * when `restock`, with the postage the shopper paid when they posted it themselves.
     */
    async receive(id: number, body: { restock: boolean; postage?: string }, actor: Actor): Promise<AdminReturn> {
      const ret = await found(id);
      if (ret.status === 'received') return this.adminReturn(id);
      if (ret.status !== 'approved') {
        throw new AppError('conflict', `This return is ${ret.status}: approve it before receiving it`);
      }
      const lines = await linesOf(db, ret);
      const order = await orders.byId(ret.orderId);
      // What the lines cost the shopper: their prices less their share of the order's discount.
      const worth = paidWorth(
        order ?? { subtotalCents: 0, discountCents: 0 },
        lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0),
      );
      const postage = body.postage ? parseCents(body.postage) : 0;
      const request = {
        items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, restock: body.restock })),
        ...(postage > 0 ? { amount: formatCents(worth + postage) } : {}),
        reason: `Return ${rmaNumber(id)}${postage > 0 ? `, with ${formatUsd(postage)} postage` : ''}`,
      };
      const key = `return-${id}`;
      let refundId: number | undefined;
      let failure: unknown;
      try {
        refundId = (await d.checkout.refund(ret.orderId, request, actor, key, { returnId: id })).refund.id;
      } catch (err) {
        // The provider did not answer: the refund is kept pending and asked again; the return is in.
        const pending =
          err instanceof AppError && err.code === 'unavailable' ? await orders.refunds.byKey(ret.orderId, key) : undefined;
        if (!pending) throw err;
        refundId = pending.id;
        failure = err;
      }
      const who = typeof actor === 'string' ? actor : actor.admin;
      await db.transaction(async (tx) => {
        const row = await repo.updateFrom(tx, id, ['approved'], {
          status: 'received',
          receivedAt: new Date(),
          receivedBy: who,
          restocked: body.restock,
          refundId,
        });
        if (!row) return;
        await orders.recordEvent(
          ret.orderId,
          'return_received',
          `Return ${rmaNumber(id)} received${body.restock ? ', put back in stock' : ', not restocked'}; refund ${formatUsd(worth + postage)}`,
          actor,
          `Your return ${rmaNumber(id)} arrived`,
          tx,
        );
      });
      if (failure) throw failure;
      return this.adminReturn(id);
    },

    async adminReturn(id: number): Promise<AdminReturn> {
      const ret = await found(id);
      return adminView(ret, (await d.fulfilment.returnLabels([id])).get(id));
    },

    /** GET /api/admin/returns: a page, newest first, and the next page's cursor. */
    async list(q: AdminReturnsQuery): Promise<{ returns: AdminReturn[]; next: number | null }> {
      const rows = await repo.selectPage(db, q);
      const page = rows.slice(0, q.limit);
      const labels = await d.fulfilment.returnLabels(page.map((r) => r.id));
      const returns: AdminReturn[] = [];
      for (const r of page) returns.push(await adminView(r, labels.get(r.id)));
      return { returns, next: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null };
    },

    counts: () => repo.countByStatus(db),

    /** An order's returns for its page, each label at the address `labelUrl` gives. */
    async forOrder(orderId: number, labelUrl: (returnId: number) => string): Promise<ShopperReturn[]> {
      const rows = await repo.selectReturnsOfOrder(db, orderId);
      const labels = await d.fulfilment.returnLabels(rows.map((r) => r.id));
      return Promise.all(rows.map((r) => shopperView(r, labels.get(r.id), labelUrl(r.id))));
    },

    /** Units of each product in the order's returns under way. */
    openQuantities: (orderId: number) => repo.selectOpenQuantities(db, orderId),

    /** The PDF of a return's label; 404 unless the return is the order's and has one. */
    async labelFile(id: number, orderId?: number): Promise<Buffer> {
      const ret = await repo.selectReturn(db, id);
      if (!ret || (orderId !== undefined && ret.orderId !== orderId)) throw notFound('Return');
      return d.fulfilment.returnLabelFile(id);
    },
  };
}
