/** Money is integer cents inside; the API speaks decimal strings ("18.99"). */

// Up to 13 whole digits: sums (the dashboard's revenue) fit, and cents stay exact below 2^53.
const DECIMAL = /^\d{1,13}(\.\d{1,2})?$/;

/** "18.99" → 1899. Throws on anything that is not a plain non-negative decimal with ≤ 2 places. */
export function parseCents(text: string): number {
  if (!DECIMAL.test(text)) throw new RangeError(`not a price: ${text}`);
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** 1899 → "18.99" */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not integer cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1899 → "$18.99" (display only). */
export function formatUsd(cents: number): string {
  const text = formatCents(Math.abs(cents));
  const [whole, frac] = text.split('.');
  return `${cents < 0 ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${frac}`;
}

/** Whole-percent saving of price against compareAt, rounded down so the claim is never overstated. */
export function savingsPercent(priceCents: number, compareAtCents: number | null | undefined): number {
  if (!compareAtCents || compareAtCents <= priceCents) return 0;
  return Math.floor(((compareAtCents - priceCents) * 100) / compareAtCents);
}
