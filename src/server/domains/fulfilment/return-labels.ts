import type * as repo from './shipments-repo.ts';

/** The return a label is made for, as the returns domain describes it. */
export interface ReturnParcel {
  returnId: number;
  rma: string;
  orderId: number;
  items: readonly { productId: number; name: string; quantity: number }[];
}

/** A return's label as the returns domain reads it (the shipment stays fulfilment's). */
export interface ReturnLabelView {
  /** A carrier's label the store paid the postage of; false for the built-in slip the shopper posts the parcel with. */
  prepaid: boolean;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  costCents: number | null;
}

export const toReturnLabel = (row: repo.ShipmentRow): ReturnLabelView => ({
  prepaid: row.provider !== 'builtin',
  carrier: row.carrier,
  service: row.service,
  trackingNumber: row.trackingCode,
  trackingUrl: row.trackingUrl,
  costCents: row.costCents,
});
