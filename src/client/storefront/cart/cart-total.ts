import type { CartItem } from '#shared/cart.ts';
import { parseCents } from '#shared/money.ts';

/** Sum of the lines' unit price (a subscription's discounted) × quantity in integer cents. */
export function cartTotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + parseCents(i.unitPrice ?? i.product.price) * i.quantity, 0);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}
