import { and, asc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { shipmentScans, shipments, type StoredRate } from '#db/schema/index.ts';
import type { TrackingDetail } from './label-provider.ts';

export type ShipmentRow = typeof shipments.$inferSelect;

export async function insertQuote(
  db: Tx,
  v: Pick<typeof shipments.$inferInsert, 'orderId' | 'returnId' | 'direction' | 'provider' | 'providerShipmentId'> & {
    rates: StoredRate[];
  },
): Promise<ShipmentRow> {
  const [row] = await db.insert(shipments).values(v).returning();
  if (!row) throw new Error('shipment not inserted');
  return row;
}

export async function selectShipment(db: Tx, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  return row;
}

/** A request that claimed a parcel this long ago and never finished died (a crash, a lost connection). */
const STALE_CLAIM = sql`now() - interval '5 minutes'`;

/**
 * Claims a quoted shipment for buying one of its rates: one request at a time, and never while its
 * order (or its return) has another parcel bought or being bought (the partial unique indexes).
 * Undefined when it was not claimed.
 */
export async function claimForBuying(db: Tx, id: number): Promise<ShipmentRow | undefined> {
  try {
    const [row] = await db
      .update(shipments)
      .set({ status: 'buying', buyingStartedAt: sql`now()` })
      .where(and(eq(shipments.id, id), eq(shipments.status, 'quoted')))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/**
 * The claims on the same parcel as `s` (its order's delivery, or its return) left by requests that
 * died, given up as voided so the parcel can be bought again; the caller asks their postage back.
 */
export function voidStaleClaims(db: Tx, s: Pick<ShipmentRow, 'orderId' | 'returnId'>): Promise<ShipmentRow[]> {
  const sameParcel =
    s.returnId === null
      ? and(eq(shipments.orderId, s.orderId), eq(shipments.direction, 'outbound'))
      : eq(shipments.returnId, s.returnId);
  return db
    .update(shipments)
    .set({ status: 'voided', voidedAt: sql`now()` })
    .where(and(sameParcel, eq(shipments.status, 'buying'), lt(shipments.buyingStartedAt, STALE_CLAIM)))
    .returning();
}

/** A claim given up (the provider refused): the quote can be bought again. */
export async function releaseBuying(db: Tx, id: number): Promise<void> {
  await db
    .update(shipments)
    .set({ status: 'quoted', buyingStartedAt: null })
    .where(and(eq(shipments.id, id), eq(shipments.status, 'buying')));
}

/** The label bought on a claim that is still this request's; undefined when the claim was given up meanwhile. */
export async function markPurchased(
  db: Tx,
  id: number,
  v: Pick<
    typeof shipments.$inferInsert,
    'rateId' | 'carrier' | 'service' | 'costCents' | 'trackingCode' | 'trackingUrl' | 'estimatedDelivery' | 'labelFile'
  >,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .update(shipments)
    .set({ ...v, status: 'purchased', purchasedAt: sql`now()` })
    .where(and(eq(shipments.id, id), eq(shipments.status, 'buying')))
    .returning();
  return row;
}

export async function markVoided(db: Tx, id: number): Promise<void> {
  await db
    .update(shipments)
    .set({ status: 'voided', voidedAt: sql`coalesce(${shipments.voidedAt}, now())` })
    .where(eq(shipments.id, id));
}

/** The parcel bought (or being bought) for an order's delivery. */
export async function selectActiveOutbound(db: Tx, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.direction, 'outbound'),
        inArray(shipments.status, ['buying', 'purchased']),
      ),
    );
  return row;
}

/** The label bought for each of these returns. */
export function selectReturnLabels(db: Tx, returnIds: readonly number[]): Promise<ShipmentRow[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.returnId, [...returnIds]), eq(shipments.status, 'purchased')))
    .orderBy(asc(shipments.id));
}

export async function selectByTrackingCode(
  db: Tx,
  provider: ShipmentRow['provider'],
  trackingCode: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.provider, provider), eq(shipments.trackingCode, trackingCode)))
    .for('update');
  return row;
}

/** When the carrier scanned the parcel last, as far as the store has recorded; null before its first scan. */
export async function selectNewestScanAt(tx: Tx, shipmentId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(shipmentScans.at) })
    .from(shipmentScans)
    .where(eq(shipmentScans.shipmentId, shipmentId));
  return row?.at ?? null;
}

/** The scans not recorded before, oldest first: a scan already kept (a replayed webhook) is left out. */
export async function insertNewScans(tx: Tx, shipmentId: number, details: readonly TrackingDetail[]) {
  if (details.length === 0) return [];
  const rows = await tx
    .insert(shipmentScans)
    .values(details.map((d) => ({ shipmentId, at: new Date(d.at), status: d.status, message: d.message, location: d.location })))
    .onConflictDoNothing()
    .returning();
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
}

export async function updateTracking(
  tx: Tx,
  id: number,
  v: Pick<typeof shipments.$inferInsert, 'trackingStatus' | 'estimatedDelivery' | 'trackingUrl'>,
): Promise<void> {
  await tx.update(shipments).set(v).where(eq(shipments.id, id));
}
