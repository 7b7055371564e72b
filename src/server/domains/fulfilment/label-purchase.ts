import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { FileStore } from '../files/service.ts';
import { assertGroundDestination, assertGroundRate } from './ground-only.ts';
import { type Label, type LabelProvider, LabelProviderError, type ShipmentRequest } from './label-provider.ts';
import * as repo from './shipments-repo.ts';

/** A provider's refusal or silence, as the owner reads it. */
export function providerFailure(err: unknown): AppError {
  if (err instanceof LabelProviderError) {
    return new AppError(err.kind === 'refused' ? 'conflict' : 'unavailable', err.message);
  }
  return new AppError('unavailable', 'The label provider did not answer; try again in a moment');
}

/** Thrown inside a purchase's transaction when the order got another label meanwhile: nothing of the purchase is kept. */
export class LabelNotKept extends Error {}

/** Buying a label for a quoted parcel, and keeping it (docs/decisions/0036). */
export function createLabelPurchase(d: { db: Database; provider: LabelProvider; labels: FileStore; log: FastifyBaseLogger }) {
  const { provider } = d;

  /** A claim a request left when it died: voided, its postage asked back in case the label was bought. */
  async function expireStaleClaims(s: repo.ShipmentRow): Promise<void> {
    for (const stale of await repo.voidStaleClaims(d.db, s)) {
      d.log.warn({ orderId: stale.orderId, shipmentId: stale.id }, 'a claim to buy a label expired; its postage is asked back');
      await provider.void({ shipmentId: stale.providerShipmentId, trackingNumber: null }).catch(() => {});
    }
  }

  /**
   * Buys a quoted rate, once: the quote is claimed first, so a second request (a double click,
   * another instance) is refused instead of buying twice; a refusal or no answer frees it again, and
   * a claim whose request died expires after a few minutes. The label bought is kept in one
   * transaction: its file, the shipment purchased and what `keep` writes with it (the order's label
   * and history). When any of that fails, the label is voided at the provider and the shipment with
   * it, so the parcel can be bought again.
   */
  async function buy(
    shipment: repo.ShipmentRow,
    rateId: string,
    request: ShipmentRequest,
    fileName: (shipmentId: number, label: Label) => string,
    keep?: (tx: Tx, label: Label) => Promise<void>,
  ): Promise<{ label: Label; shipment: repo.ShipmentRow }> {
    const rate = shipment.rates.find((r) => r.id === rateId);
    if (!rate) throw new AppError('bad_request', 'That rate is not one of this quote: ask for the rates again');
    assertGroundRate(Boolean(request.limitedQuantity), rate);
    assertGroundDestination(request);
    await expireStaleClaims(shipment);
    const claimed = await repo.claimForBuying(d.db, shipment.id);
    if (!claimed) throw new AppError('conflict', 'A label is already bought or being bought for this parcel');
    let label: Label;
    try {
      label = await provider.buy(request, { shipmentId: shipment.providerShipmentId, rateId });
    } catch (err) {
      d.log.warn({ err, orderId: shipment.orderId }, 'label provider refused or failed to sell a label');
      if (!(err instanceof LabelProviderError && err.kind === 'refused')) {
        // No answer: the label may have been bought all the same. Its postage is asked back, and the
        // quote is left voided, so the next try buys from a new quote instead of failing on this one.
        await provider.void({ shipmentId: shipment.providerShipmentId, trackingNumber: null }).catch(() => {});
        await repo.markVoided(d.db, shipment.id);
        throw new AppError('unavailable', `${providerFailure(err).message}. Ask for the rates again.`);
      }
      await repo.releaseBuying(d.db, shipment.id);
      throw providerFailure(err);
    }
    try {
      const bought = await d.db.transaction(async (tx) => {
        const file = fileName(shipment.id, label);
        await d.labels.save(file, label.pdf, tx);
        const row = await repo.markPurchased(tx, shipment.id, {
          rateId,
          carrier: label.carrier,
          service: label.service,
          costCents: label.costCents,
          trackingCode: label.trackingNumber,
          trackingUrl: label.trackingUrl,
          estimatedDelivery: label.estimatedDeliveryDate,
          labelFile: file,
        });
        if (!row) throw new Error('the claim on this parcel expired while its label was bought');
        await keep?.(tx, label);
        return row;
      });
      return { label, shipment: bought };
    } catch (err) {
      d.log.error(
        { err, orderId: shipment.orderId, shipmentId: shipment.id },
        'a bought label was not kept; its postage is asked back',
      );
      await provider
        .void({ shipmentId: shipment.providerShipmentId, trackingNumber: label.trackingNumber })
        .catch((voidErr: unknown) =>
          d.log.error({ err: voidErr, shipmentId: shipment.id }, 'the postage of a label not kept could not be asked back'),
        );
      await repo.markVoided(d.db, shipment.id);
      if (err instanceof LabelNotKept) throw err;
      throw new AppError('unavailable', 'The label was bought but could not be kept; its postage is asked back. Try again.');
    }
  }

  return buy;
}
