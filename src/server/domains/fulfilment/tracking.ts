import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '#db/client.ts';
import type { OrdersService } from '../orders/service.ts';
import type { TrackingStatus, TrackingUpdate } from './label-provider.ts';
import * as repo from './shipments-repo.ts';

/** What each of the carrier's states reads as on the shopper's page. */
const STATUS_WORDS: Record<TrackingStatus, string> = {
  unknown: 'Carrier update',
  pre_transit: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  available_for_pickup: 'Ready for pickup',
  return_to_sender: 'Returning to sender',
  failure: 'Delivery problem',
  cancelled: 'Cancelled by the carrier',
  error: 'Carrier error',
};

/** States that mean the carrier has the parcel: the order has shipped. */
const MOVING = new Set<TrackingStatus>(['in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered']);

type ReturnArrived = (tx: Tx, returnId: number, at: Date) => Promise<void>;

/**
 * The carrier's word on a parcel (docs/decisions/0036): each scan recorded once in its order's history,
 * the order shipped at its first scan in transit and delivered at its delivery, with their e-mails;
 * a return's parcel delivered back tells the returns domain. A replayed event adds nothing (its scans
 * are kept already), and an event older than the scans kept (a late retry) adds its missing scans to
 * the history but leaves the parcel's state and estimate at the newer word.
 */
export function createTracking(d: {
  db: Database;
  orders: OrdersService;
  provider: repo.ShipmentRow['provider'];
  log: FastifyBaseLogger;
}) {
  let returnArrived: ReturnArrived | null = null;

  return {
    /** The returns domain's hook: a return's parcel was delivered back to the store. */
    onReturnArrived(handler: ReturnArrived): void {
      returnArrived = handler;
    },

    /** Records an update; false when no parcel of this store has its tracking code. */
    async handle(update: TrackingUpdate): Promise<boolean> {
      const { details } = update;
      const newest = details.reduce<number | null>((at, s) => Math.max(at ?? 0, Date.parse(s.at)), null);
      const known = await d.db.transaction(async (tx) => {
        const shipment = await repo.selectByTrackingCode(tx, d.provider, update.trackingCode);
        if (!shipment) return false;
        const kept = await repo.selectNewestScanAt(tx, shipment.id);
        // The state the event reports is the parcel's only when no newer scan was recorded before it.
        const current = kept === null || (newest !== null && newest >= kept.getTime());
        const scans = await repo.insertNewScans(tx, shipment.id, details);
        if (current) {
          await repo.updateTracking(tx, shipment.id, {
            trackingStatus: update.status,
            estimatedDelivery: update.estimatedDeliveryDate ?? shipment.estimatedDelivery,
            trackingUrl: update.publicUrl ?? shipment.trackingUrl,
          });
        }
        const isReturn = shipment.direction === 'return';
        await d.orders.recordEvents(
          tx,
          scans.map((scan) => {
            const status = (scan.status in STATUS_WORDS ? scan.status : 'unknown') as TrackingStatus;
            const where = scan.location ? ` (${scan.location})` : '';
            const line = `${STATUS_WORDS[status]}: ${scan.message}${where}`;
            return {
              orderId: shipment.orderId,
              type: 'tracking' as const,
              message: `${isReturn ? 'Return parcel' : 'Parcel'} ${shipment.trackingCode}: ${line}`,
              actor: 'carrier' as const,
              shopperMessage: isReturn ? `Your return: ${line}` : line,
              at: scan.at,
            };
          }),
        );
        const all = [
          ...details.map((s) => ({ status: s.status, at: new Date(s.at) })),
          ...(current ? [{ status: update.status, at: new Date() }] : []),
        ];
        const firstMoving = all.filter((s) => MOVING.has(s.status)).sort((a, b) => a.at.getTime() - b.at.getTime())[0];
        const delivered = all.filter((s) => s.status === 'delivered').sort((a, b) => a.at.getTime() - b.at.getTime())[0];
        if (isReturn) {
          if (delivered && shipment.returnId !== null) await returnArrived?.(tx, shipment.returnId, delivered.at);
        } else {
          // Delivered at once (the earlier scans missed): one move and one e-mail, the delivered one.
          if (delivered) await d.orders.carrierMoved(tx, shipment.orderId, 'delivered', delivered.at);
          else if (firstMoving) await d.orders.carrierMoved(tx, shipment.orderId, 'shipped', firstMoving.at);
        }
        return true;
      });
      if (known) d.orders.deliverMail();
      else d.log.info({ provider: d.provider }, 'tracking update for a parcel this store does not know');
      return known;
    },
  };
}
