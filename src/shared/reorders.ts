/**
 * Reorder reminders (docs/decisions/0051): what the Reorder link's page and its call answer,
 * shared by the server and the storefront. No zod here, so the page's chunk stays small; the
 * answer's schema is in reorders-response-schemas.ts.
 */

/** The one answer to a Reorder link that opens nothing (altered, expired, another link's, an order no longer there). */
export const REORDER_LINK_INVALID = 'This reorder link is not valid or has expired. Add what you want from the shop again.';

/** POST /api/reorder/:token: what went into the cart at today's prices, what could not, and the shipping details. */
export interface ReorderResult {
  /** The lines now in the cart, at today's unit prices (decimal strings). */
  restored: { productId: number; name: string; quantity: number; unitPrice: string }[];
  /** Names of the order's products that are no longer sold or are out of stock. */
  missing: string[];
  /** The order's shipping details, for the checkout's form. */
  shipping: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
}

/** The analytics report's reorder reminder figures for its period (GET /api/analytics). */
export interface ReorderFigures {
  /** Reorder reminders sent in the period. */
  sent: number;
  /** Paid live orders of the period placed from a cart a reminder's Reorder link filled, within 14 days of opening it. */
  reorders: number;
  /** Their totals net of refunds, dollars as "12.34". */
  revenue: string;
}
