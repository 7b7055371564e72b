/**
 * Abandoned-checkout reminders (docs/decisions/0041): what the reminder's two pages and their calls
 * answer, shared by the server and the storefront. No zod here, so the pages' chunks stay small;
 * the request schemas are in recovery-schemas.ts.
 */

/** The one answer to a restore link that opens nothing (altered, expired, another link's, no such checkout). */
export const RESTORE_LINK_INVALID = 'This link is not valid or has expired. Add what you want from the shop again.';
/** The one answer to an unsubscribe link that opens nothing. */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Write to us and we will take your address off.';
/**
 * The 409 of a restore link whose checkout was paid since. It names no order page: a restore link
 * never opens an order (ADR 0041); the confirmation e-mail and Track Your Order do.
 */
export const RESTORE_PAID =
  'This order is paid already. Its confirmation e-mail links to its page, or find it under Track Your Order.';
/** The 409 of a restore link whose checkout's payment came in but is set aside for the owner (a payment problem). */
export const RESTORE_PAYMENT_PROBLEM = 'There is a problem with this payment. Our team will contact you by e-mail.';

/**
 * The sessionStorage key under which the /recover page keeps the restored shipping details for the
 * checkout's step 1, which takes them once (checkout/restored-shipping.ts).
 */
export const RESTORED_SHIPPING_KEY = 'iw_restored_shipping';

/** The shipping details a restored checkout hands back to the checkout's step 1. */
export interface RestoredShipping {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** POST /api/recover/:token: what came back into the cart, what could not, and the shipping details. */
export interface RestoreResult {
  restored: { productId: number; name: string; quantity: number }[];
  /** Names of the checkout's products that are no longer sold or are out of stock. */
  missing: string[];
  shipping: RestoredShipping;
}

/** GET and POST /api/unsubscribe/:token: the address the link is for, and whether it gets no more reminders. */
export interface UnsubscribeView {
  email: string;
  unsubscribed: boolean;
}

/** The analytics report's reminder figures for its period (GET /api/analytics). */
export interface ReminderFigures {
  /** Reminders sent in the period. */
  sent: number;
  /** Paid live orders of the period placed by a reminded address within 7 days after its reminder. */
  ordersRecovered: number;
  /** Their totals net of refunds, dollars as "12.34". */
  revenueRecovered: string;
}
