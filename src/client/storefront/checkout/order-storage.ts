import type { CheckoutOrder } from '#shared/checkout.ts';

/** docs/product.md §4: the confirmation page's saved summary lives 5 minutes. */
export const SAVED_SUMMARY_MS = 5 * 60_000;

export interface SavedOrder {
  order: CheckoutOrder;
  email: string | null;
  savedAt: number;
}

const key = (paymentIntentId: string) => `order_${paymentIntentId}`;

export function saveOrderSummary(paymentIntentId: string, order: CheckoutOrder, email: string | null): void {
  try {
    localStorage.setItem(key(paymentIntentId), JSON.stringify({ order, email, savedAt: Date.now() } satisfies SavedOrder));
  } catch {
    // Storage full or disabled: the confirmation page asks the server instead.
  }
}

export function loadOrderSummary(paymentIntentId: string, now = Date.now()): SavedOrder | null {
  try {
    const raw = localStorage.getItem(key(paymentIntentId));
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedOrder;
    // A summary saved by an earlier version of the page, without the items' pictures, is not shown.
    if (!saved?.order?.items?.every((i) => i.image) || now - saved.savedAt > SAVED_SUMMARY_MS) {
      localStorage.removeItem(key(paymentIntentId));
      return null;
    }
    return saved;
  } catch {
    return null;
  }
}

export function removeOrderSummary(paymentIntentId: string): void {
  try {
    localStorage.removeItem(key(paymentIntentId));
  } catch {
    // nothing to remove
  }
}
