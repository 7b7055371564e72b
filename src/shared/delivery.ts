import { SHIPPING } from './constants.ts';

/** When a parcel arrives, as the shopper's order page says it (docs/product.md §2 "Order status"). */
export type DeliveryEstimate =
  | { kind: 'delivered'; on: string }
  /** Dates YYYY-MM-DD; `from` equals `to` when the carrier names the day. */
  | { kind: 'expected'; from: string; to: string; byCarrier: boolean };

const DAY_MS = 86_400_000;

/** The date `days` business days (Monday to Friday, UTC) after `from`'s day. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setTime(d.getTime() + DAY_MS);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Delivered: the day. Otherwise the carrier's estimate when it gave one; else, from the day it
 * shipped, the transit days; else, from the day it was paid, handling plus transit days.
 */
export function estimateDelivery(o: {
  paidAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  carrierEstimate: string | null;
}): DeliveryEstimate | null {
  if (o.deliveredAt) return { kind: 'delivered', on: ymd(o.deliveredAt) };
  if (o.carrierEstimate && /^\d{4}-\d{2}-\d{2}$/.test(o.carrierEstimate)) {
    return { kind: 'expected', from: o.carrierEstimate, to: o.carrierEstimate, byCarrier: true };
  }
  const [transitMin, transitMax] = SHIPPING.transitDays;
  if (o.shippedAt) {
    return {
      kind: 'expected',
      from: ymd(addBusinessDays(o.shippedAt, transitMin)),
      to: ymd(addBusinessDays(o.shippedAt, transitMax)),
      byCarrier: false,
    };
  }
  if (!o.paidAt) return null;
  const [handlingMin, handlingMax] = SHIPPING.handlingDays;
  return {
    kind: 'expected',
    from: ymd(addBusinessDays(o.paidAt, handlingMin + transitMin)),
    to: ymd(addBusinessDays(o.paidAt, handlingMax + transitMax)),
    byCarrier: false,
  };
}
