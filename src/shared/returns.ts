/** Returns (docs/product.md §7 "Returns", docs/decisions/0037). */

/**
 * requested: the shopper asked; approved: the owner said yes and a return label was made; refused:
 * the owner said no; received: the parcel came back and its lines were refunded.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_REASON_MAX = 500;
export const RETURN_REFUSAL_MAX = 500;
/** The most lines one return names: far more than an order of this store holds. */
export const RETURN_LINES_MAX = 50;

/** What the shopper and the owner read for each status. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Waiting for approval',
  approved: 'Approved: send it back',
  refused: 'Refused',
  received: 'Received and refunded',
};

export const RETURNS_PAGE_DEFAULT = 50;
export const RETURNS_PAGE_MAX = 200;

/** A return's number as the shopper and the owner read it: RMA-101. */
export const rmaNumber = (id: number) => `RMA-${id}`;

/** A return's label or slip, as the shopper and the owner see it. */
export interface ReturnLabel {
  /** Where the PDF is: the shopper's address under their order page, or the owner's. */
  url: string;
  /** A prepaid label bought from a carrier (false: a slip to post the parcel with, postage refunded). */
  prepaid: boolean;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** What the store paid for it, a decimal string; null for a slip. */
  cost: string | null;
}

/** A return as the shopper sees it on their order page. */
export interface ShopperReturn {
  id: number;
  rma: string;
  status: ReturnStatus;
  statusLabel: string;
  reason: string;
  refusal: string | null;
  items: { productId: number; name: string; quantity: number }[];
  /** What the lines are worth, a decimal string. */
  value: string;
  requestedAt: string;
  label: ReturnLabel | null;
  arrivedAt: string | null;
  receivedAt: string | null;
}

/** A return as the owner sees it in the Returns tab. */
export interface AdminReturn extends ShopperReturn {
  orderId: number;
  customerName: string;
  email: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  restocked: boolean | null;
  /** The refund made when it was received, a decimal string. */
  refunded: string | null;
  /** Waiting for a label that failed to be made: approving again tries again. */
  labelMissing: boolean;
}
