/**
 * Where postage and labels come from (docs/decisions/0013, 0036). The built-in provider draws the
 * store's own 4×6 label with one configured rate and follows no parcel; EasyPost quotes the
 * carriers' rates for the parcel, sells the chosen one as a 4×6 PDF label with a real tracking code,
 * and reports the parcel's progress through signed webhooks.
 */
export interface Address {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone?: string | null;
}

export interface ShipmentRequest {
  orderId: number;
  /** The order's short label (last 8 characters of the payment id), printed on the label. */
  orderLabel: string;
  /** The store's own reference, kept by the provider with the shipment: `order-1042`, `return-7`. */
  reference: string;
  /** The store. */
  shipFrom: Address;
  /** The shopper. */
  shipTo: Address;
  weightGrams: number;
  /**
   * A return: the parcel travels from the shopper (shipTo) back to the store (shipFrom); the
   * shopper posts it with the label the store paid for. Items name what the box should hold.
   */
  isReturn: boolean;
  /** What goes in the box (printed on the built-in return slip). */
  items?: readonly { name: string; quantity: number }[];
  /**
   * The parcel holds limited-quantity hazardous goods (docs/decisions/0046): declared to the carrier,
   * offered and bought by ground only, marked on the label.
   */
  limitedQuantity?: boolean;
}

/** One way to send the parcel, as the provider prices it. */
export interface Rate {
  id: string;
  carrier: string;
  service: string;
  costCents: number;
  /** Business days in transit as the carrier estimates them; null when it gives none. */
  deliveryDays: number | null;
}

/** The provider's shipment for a parcel and what each of its rates costs. */
export interface Quote {
  shipmentId: string;
  rates: Rate[];
}

export interface Label {
  shipmentId: string;
  /** The carrier's tracking code; null for a return slip the shopper posts themselves (built-in). */
  trackingNumber: string | null;
  carrier: string;
  service: string;
  costCents: number;
  pdf: Buffer;
  /** The carrier's public tracking page; null when the parcel cannot be followed online. */
  trackingUrl: string | null;
  /** The carrier's estimate of the delivery day (ISO date), when it gives one. */
  estimatedDeliveryDate: string | null;
}

/** What the provider tells of a parcel: its state now and every scan so far. */
export type TrackingStatus =
  | 'unknown'
  | 'pre_transit'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'available_for_pickup'
  | 'return_to_sender'
  | 'failure'
  | 'cancelled'
  | 'error';

export interface TrackingDetail {
  /** ISO time of the scan (a scan without a readable time is left out by the provider). */
  at: string;
  status: TrackingStatus;
  /** The carrier's words: "Arrived at USPS Regional Facility". */
  message: string;
  /** "HOUSTON, TX 77063", or null. */
  location: string | null;
}

export interface TrackingUpdate {
  /**
   * The provider's event id, for the logs. It is not kept: the same event sent twice changes nothing
   * because each scan is kept once (shipment_scans) and the state follows the newest scan.
   */
  eventId: string;
  trackingCode: string;
  status: TrackingStatus;
  /** ISO date, when the carrier estimates one. */
  estimatedDeliveryDate: string | null;
  publicUrl: string | null;
  /** Every scan so far, oldest first. */
  details: TrackingDetail[];
}

/** A provider's refusal (bad address, rate gone: 'refused') or failure to answer ('unavailable'). */
export class LabelProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'LabelProviderError';
  }
}

export interface LabelProvider {
  readonly name: 'builtin' | 'easypost';
  /** The provider reports the parcels' progress (webhooks): orders move to shipped and delivered by themselves. */
  readonly tracks: boolean;
  /** A shipment for the parcel with the rates to choose from, cheapest first. */
  quote(request: ShipmentRequest): Promise<Quote>;
  /** Buys one rate of a quote: the label. */
  buy(request: ShipmentRequest, chosen: { shipmentId: string; rateId: string }): Promise<Label>;
  /** Cancels a label that will not be used (asks for the postage back where the carrier refunds it). */
  void(label: { shipmentId: string; trackingNumber: string | null }): Promise<void>;
  /**
   * A tracking webhook's body, verified with its signature headers: the update, or null for an
   * event that is not about tracking. Throws LabelProviderError('refused') for a bad signature.
   */
  parseWebhook?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): TrackingUpdate | null;
}
