/**
 * Abandoned-checkout reminders (docs/decisions/0041): what the reminder's two pages and their calls
 * answer, shared by the server and the storefront. No zod here, so the pages' chunks stay small;
 * the request schemas are in recovery-schemas.ts.
 */

/** The one answer to a restore link that opens nothing (altered, expired, another link's, no such checkout). */
export const RESTORE_LINK_INVALID = 'This link is not valid or has expired. Add what you want from the shop again.';
/** The one answer to an unsubscribe link that opens nothing. */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Write to us and we will take your address off.';
/** The answer to a restore link of a checkout that was paid since. */
export const RESTORE_PAID = 'This order is paid already';

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

/** POST /api/recover/:token's 409 for a checkout paid since: the order's page. */
export interface RestorePaid {
  message: string;
  code: 'conflict';
  /** The order's page (`/orders/<token>`); null while its payment is being looked at. */
  orderPage: string | null;
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
