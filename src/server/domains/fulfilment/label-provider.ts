/**
 * Where shipping labels come from. The built-in provider draws the store's own 4×6 label; a
 * carrier API (EasyPost, Shippo) fits the same interface: `create` buys the label and returns its
 * PDF, tracking number and price; `void` asks for the refund. See docs/decisions/0013.
 */
export interface Address {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface LabelRequest {
  orderId: number;
  /** The order's short label (last 8 characters of the payment id), printed on the label. */
  orderLabel: string;
  shipFrom: Address;
  shipTo: Address & { phone: string | null };
  weightGrams: number;
}

export interface Label {
  trackingNumber: string;
  carrier: string;
  service: string;
  costCents: number;
  pdf: Buffer;
}

export interface LabelProvider {
  readonly name: string;
  create(request: LabelRequest): Promise<Label>;
  /** Cancels a label that will not be used (refunds its postage where the carrier does). */
  void(trackingNumber: string): Promise<void>;
}
