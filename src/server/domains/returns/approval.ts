import { formatUsd } from '#shared/money.ts';
import { rmaNumber } from '#shared/returns.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { FulfilmentService, ReturnLabelView } from '../fulfilment/service.ts';
import type { Actor, OrdersService } from '../orders/service.ts';
import { type ReturnMailFacts, returnApprovedMail, type returnRequestedMail } from './emails/return-mails.tsx';
import * as repo from './repo.ts';

export const RETURN_MAIL = 'return_mail';

/** A return's e-mails to its shopper, and the label an approved return is sent back with. */
export function createReturnMail(
  d: {
    db: Database;
    orders: OrdersService;
    fulfilment: FulfilmentService;
    outbox: Outbox;
    orderPageLink(orderId: number): string;
    store: StoreContact;
  },
  linesOfReturn: (tx: Tx, ret: repo.ReturnRow) => Promise<{ productId: number; name: string; quantity: number }[]>,
) {
  const { db, orders } = d;

  /** Queues one of a return's e-mails to its shopper, in the caller's transaction. */
  async function queueMail(
    tx: Tx,
    ret: repo.ReturnRow,
    step: string,
    make: (f: ReturnMailFacts) => ReturnType<typeof returnRequestedMail>,
  ): Promise<void> {
    const order = await orders.byId(ret.orderId, tx);
    if (!order?.email) return;
    const lines = (await linesOfReturn(tx, ret)).map((l) => `${l.quantity} × ${l.name}`);
    const mail = await make({
      to: order.email,
      name: order.firstName ?? 'there',
      orderId: order.id,
      rma: rmaNumber(ret.id),
      lines,
      orderPageUrl: d.orderPageLink(order.id),
      store: d.store,
    });
    await d.outbox.enqueue(tx, { key: `return-${step}:${ret.id}`, kind: RETURN_MAIL, ref: order.id, ...mail });
  }

  /** Makes an approved return's label (once), then tells the shopper how to send it back. */
  async function makeLabel(ret: repo.ReturnRow, actor: Actor): Promise<void> {
    if ((await d.fulfilment.returnLabels([ret.id])).has(ret.id)) return;
    if (!(await repo.claimLabel(db, ret.id))) return; // another request is making it
    let label: ReturnLabelView;
    try {
      const lines = await linesOfReturn(db, ret);
      label = await d.fulfilment.returnLabel({ returnId: ret.id, rma: rmaNumber(ret.id), orderId: ret.orderId, items: lines });
    } catch (err) {
      await repo.releaseLabel(db, ret.id);
      const why = err instanceof AppError ? err.message : 'the label provider did not answer';
      throw new AppError(
        err instanceof AppError && err.code === 'conflict' ? 'conflict' : 'unavailable',
        `The return is approved, but its label could not be made: ${why}. Approve it again to try again.`,
      );
    }
    const rma = rmaNumber(ret.id);
    await db.transaction(async (tx) => {
      await orders.recordEvent(
        ret.orderId,
        'return_approved',
        label.prepaid
          ? `Return label for ${rma} bought: ${label.carrier} ${label.service}, tracking ${label.trackingNumber}, ${formatUsd(label.costCents ?? 0)}`
          : `Return slip for ${rma} made`,
        actor,
        label.prepaid
          ? `Your return ${rma}: prepaid return label ready on this page`
          : `Your return ${rma}: return slip ready on this page`,
        tx,
      );
      await queueMail(tx, ret, 'approved', (f) =>
        returnApprovedMail(f, { prepaid: label.prepaid, carrier: label.carrier, trackingNumber: label.trackingNumber }),
      );
    });
    d.outbox.deliverSoon();
  }

  return { queueMail, makeLabel };
}
