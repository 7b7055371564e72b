import { SHIPPING } from '#shared/constants.ts';
import { addBusinessDays } from '#shared/delivery.ts';
import type { Order } from '../orders/service.ts';

const DAY_MS = 86_400_000;

/** When the return window of an order opens and closes, and why it is closed when it is. */
export function returnWindow(order: Order, now = new Date()): { open: boolean; until: Date | null; reason: string | null } {
  if (order.status === 'pending' || order.status === 'paid') {
    return { open: false, until: null, reason: 'Returns open once your order has shipped.' };
  }
  if (order.status === 'cancelled') return { open: false, until: null, reason: 'This order was cancelled.' };
  if (order.status === 'refunded') return { open: false, until: null, reason: 'This order was refunded in full.' };
  // From the delivery; when the carrier never reported it, from the latest day it would have arrived.
  const from = order.deliveredAt ?? (order.shippedAt ? addBusinessDays(order.shippedAt, SHIPPING.transitDays[1]) : now);
  const until = new Date(from.getTime() + SHIPPING.returnDays * DAY_MS);
  if (until.getTime() < now.getTime()) {
    return {
      open: false,
      until,
      reason: `The ${SHIPPING.returnDays}-day return window closed on ${until.toISOString().slice(0, 10)}.`,
    };
  }
  return { open: true, until, reason: null };
}
