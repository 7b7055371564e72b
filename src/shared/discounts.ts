/** Discount codes (docs/product.md §2 "Discounts tab", docs/decisions/0040). */

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Letters, digits, dashes and underscores, as shoppers type them; compared in upper case. */
export const DISCOUNT_CODE = /^[A-Za-z0-9_-]{3,32}$/;
export const DISCOUNT_CODE_FORMAT = 'A code is 3 to 32 letters, digits, dashes or underscores';
export const normalCode = (code: string) => code.trim().toUpperCase();

/**
 * A shared link's code (`/?code=SPRING10`): the page's server-written first script keeps it under
 * this sessionStorage key, and the checkout's discount field puts it on once.
 */
export const SHARED_CODE_KEY = 'iw_code';

/** The code of a page address's query when it has the form of a code, else null. */
export function sharedCodeOf(url: string): string | null {
  const code = new URL(url, 'http://store.invalid').searchParams.get('code')?.trim();
  return code && DISCOUNT_CODE.test(code) ? code : null;
}

/** The terms of a code, as the price calculation reads them. */
export interface DiscountTerms {
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  /** null: every product. */
  productIds: readonly number[] | null;
}

/**
 * What a code takes off a checkout's lines, in cents, and each line's share of it: a percentage of
 * the lines it applies to (rounded to the nearest cent, halves up), or a fixed amount, never more
 * than those lines are worth. The shares go to those lines in proportion to their worth, the cents
 * left by rounding to the largest remainders, so they add up to the amount exactly.
 */
export function discountFor(
  lines: readonly { productId: number; priceCents: number; quantity: number }[],
  t: DiscountTerms,
): { amountCents: number; shares: Map<number, number> } {
  const eligible = lines.filter((l) => t.productIds === null || t.productIds.includes(l.productId));
  const worth = eligible.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const off = t.kind === 'percent' ? Math.round((worth * (t.percentOff ?? 0)) / 100) : (t.amountOffCents ?? 0);
  const amountCents = Math.min(off, worth);
  const exact = eligible.map((l) => ({
    productId: l.productId,
    share: worth === 0 ? 0 : (amountCents * l.priceCents * l.quantity) / worth,
  }));
  const shares = new Map(exact.map((e) => [e.productId, Math.floor(e.share)]));
  let left = amountCents - [...shares.values()].reduce((a, b) => a + b, 0);
  for (const e of [...exact].sort((a, b) => (b.share % 1) - (a.share % 1))) {
    if (left <= 0) break;
    shares.set(e.productId, (shares.get(e.productId) ?? 0) + 1);
    left -= 1;
  }
  return { amountCents, shares };
}

/** A code as the owner sees it in the Discounts tab. */
export interface AdminDiscount {
  id: number;
  code: string;
  kind: DiscountKind;
  /** percent: "10"; fixed: "5.00". */
  value: string;
  /** A decimal string, or null. */
  minSubtotal: string | null;
  /** YYYY-MM-DD (UTC days), or null. */
  startsOn: string | null;
  endsOn: string | null;
  usageLimit: number | null;
  oncePerEmail: boolean;
  productIds: number[] | null;
  active: boolean;
  /** Uses taken: by paid orders, and by open checkouts that hold one. */
  used: number;
  redeemed: number;
  /** What paid orders saved with it, a decimal string. */
  savedTotal: string;
  /** live (can be used now), scheduled, expired, used up, inactive. */
  state: 'live' | 'scheduled' | 'expired' | 'used up' | 'inactive';
  updatedAt: string;
  updatedBy: string | null;
}

/** What the shopper reads when a code cannot be used. */
export const DISCOUNT_MESSAGES = {
  unknown: "This code isn't valid. Check it and try again.",
  expired: 'This code has expired.',
  notYet: "This code isn't active yet.",
  usedUp: 'This code has been used up.',
  usedByEmail: 'This code was already used with this e-mail address.',
  noEligible: "This code doesn't apply to the items in your order.",
} as const;
