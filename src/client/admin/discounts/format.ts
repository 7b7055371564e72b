import type { AdminDiscount } from '#shared/discounts.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import type { StatusTone } from '../lib/status-badge.tsx';

/** A code's days are UTC days (YYYY-MM-DD): shown as such, whatever the owner's time zone. */
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const utcDay = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/** "10% off", "$5.00 off", then "on Single Bottle" when the code is kept to some products. */
export function offText(d: AdminDiscount, productName: (id: number) => string | undefined): string {
  const off = d.kind === 'percent' ? `${d.value}% off` : `${formatUsd(parseCents(d.value))} off`;
  if (d.productIds === null) return off;
  const names = d.productIds.map((id) => productName(id) ?? `product #${id}`);
  const list = names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${off} ${list ? `on ${list}` : ''}`.trim();
}

/** When the code can be used, in dates: "Mar 1 – 31, 2026", "From Mar 1, 2026", "Through Mar 31, 2026". */
export function datesText(d: Pick<AdminDiscount, 'startsOn' | 'endsOn'>): string | null {
  if (d.startsOn && d.endsOn) return DAY.formatRange(utcDay(d.startsOn), utcDay(d.endsOn));
  if (d.startsOn) return `From ${DAY.format(utcDay(d.startsOn))}`;
  if (d.endsOn) return `Through ${DAY.format(utcDay(d.endsOn))}`;
  return null;
}

/** What a shopper's order must meet, one line each; none: any order. */
export function conditions(d: AdminDiscount): string[] {
  const dates = datesText(d);
  return [
    d.minSubtotal === null ? null : `Subtotal ${formatUsd(parseCents(d.minSubtotal))} or more`,
    dates,
    d.usageLimit === null ? null : `${d.used} of ${d.usageLimit} used`,
    d.oncePerEmail ? 'Once per e-mail address' : null,
  ].filter((c): c is string => c !== null);
}

export const STATE_LABEL: Record<AdminDiscount['state'], string> = {
  live: 'Live',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used up': 'Used up',
  inactive: 'Inactive',
};

/** Only a live code is green; one that will be is amber; the rest cannot be used. */
export const STATE_TONE: Record<AdminDiscount['state'], StatusTone> = {
  live: 'good',
  scheduled: 'waiting',
  expired: 'idle',
  'used up': 'bad',
  inactive: 'idle',
};

/** The address that puts the code on a shopper's checkout (the storefront reads `?code=`). */
export const codeLink = (origin: string, code: string) => `${origin}/?code=${encodeURIComponent(code)}`;
