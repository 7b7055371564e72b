/** Business constants of the store (docs/product.md §9). Isomorphic: imported by server and client. */

export const STORE_NAME = 'Ironwake';
export const STORE_TAGLINE = 'Pre-activated smelling salts';
export const CURRENCY = 'USD';

export const SINGLE_BOTTLE_PRODUCT_ID = 5;
export const BOTTLE_SIZE_GRAMS = 30;
export const BUNDLE_MARKER = '3-Pack';
export const BUNDLE_SIZE = 3;

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;

export const STOCK_LOW_MAX = 10;
export const STOCK_MEDIUM_MAX = 50;

export const SHIPPING = {
  rateUsd: '3.91',
  handlingDays: [1, 2] as const,
  transitDays: [3, 5] as const,
  cutoffHour: 14,
  returnDays: 30,
} as const;

export const SUPPORT_HOURS = 'Mon-Fri 9AM-6PM EST';
export const SUPPORT_RESPONSE_TIME = 'Within 24 hours';

export const TOAST_DURATION_MS = 5000;
export const HOME_HASH_SCROLL_DELAY_MS = 100;

/** True when a product is presented as the 3-bottle bundle (docs/product.md §3). */
export function isBundle(name: string): boolean {
  return name.includes(BUNDLE_MARKER);
}

export type StockBand = 'low' | 'medium' | 'good';
export function stockBand(inventory: number): StockBand {
  if (inventory <= STOCK_LOW_MAX) return 'low';
  if (inventory <= STOCK_MEDIUM_MAX) return 'medium';
  return 'good';
}
