import type { OrderStatus } from './admin.ts';
import type { DeliveryEstimate } from './delivery.ts';
import type { ShopperReturn } from './returns.ts';

/** The shopper's order page (docs/product.md §2 "Order status", docs/decisions/0038). */

/** The one answer to a lookup that finds nothing, whatever did not match. */
export const ORDER_LOOKUP_MISS = "We couldn't find an order with that number and e-mail address. Check both and try again.";
/** The one answer to "E-mail me my order links", whatever the address (docs/decisions/0038). */
export const ORDER_LINKS_SENT = 'If we have orders for that address, we have e-mailed it their links. Check your inbox.';
export interface OrderLinksSent {
  sent: true;
  message: string;
}
/** The one answer to a link that opens nothing (altered, expired, or not an order's). */
export const ORDER_LINK_INVALID = 'This order link is not valid. Find your order with its number and e-mail address instead.';

/** An order page token: base64url claims, a dot, base64url signature (see server/lib/signed-tokens.ts). */
export const ORDER_TOKEN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{20,100}$/;
/** One line of the order's history as the shopper reads it, newest first. */
export interface OrderStatusEvent {
  at: string;
  text: string;
  kind: 'order' | 'shipping' | 'tracking' | 'return' | 'refund';
}

/** GET /api/order-status/:token. */
export interface OrderStatusView {
  orderNumber: number;
  status: OrderStatus;
  statusLabel: string;
  placedAt: string;
  items: { productId: number; name: string; quantity: number; unitPrice: string; lineTotal: string }[];
  subtotal: string;
  /** The discount code applied and what it took off; null without one. */
  discount: { code: string; amount: string } | null;
  shipping: string;
  /** The sales tax paid (0.00 when none was charged). */
  tax: string;
  total: string;
  /** What was refunded so far, a decimal string ("0.00" when nothing). */
  refunded: string;
  shipTo: { name: string; lines: string[] };
  tracking: { carrier: string | null; service: string | null; number: string; url: string | null; status: string | null } | null;
  delivery: DeliveryEstimate | null;
  history: OrderStatusEvent[];
  returns: ShopperReturn[];
  /** What may still be sent back, and until when; `reason` says why nothing can when closed. */
  returnable: {
    open: boolean;
    until: string | null;
    reason: string | null;
    lines: { productId: number; name: string; quantity: number; unitPrice: string }[];
  };
  /** The subscription this order started or renews: its page (docs/decisions/0054); null for a one-time order. */
  subscription: { path: string; renewal: boolean } | null;
}
