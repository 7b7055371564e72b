import type { ShippingFields } from '#shared/checkout.ts';
import { destinationOf, groundOnlyRefusal } from '#shared/ground-only.ts';
import { AppError } from '../../errors.ts';
import type { Order } from '../orders/service.ts';
import type { CheckoutDeps } from './deps.ts';

/**
 * The shipping step's ground-only rule (docs/decisions/0046): a checkout holding a limited-quantity
 * product does not ship to a military post office (APO, FPO, DPO: its mail goes by air), nor to
 * Alaska, Hawaii or the territories unless the store allows it. A refusal is a 400 naming the state
 * field, with a message for the shopper; nothing is saved.
 */
export function createGroundOnlyRule(d: Pick<CheckoutDeps, 'db' | 'orders' | 'catalog' | 'groundOnlyToRemoteStates'>) {
  async function isGroundOnly(order: Order): Promise<boolean> {
    const items = await d.orders.items(d.db, order.id);
    const classes = await d.catalog.shippingClasses(items.map((i) => i.productId));
    return classes.some((c) => c.shippingClass === 'limited-quantity');
  }

  return {
    isGroundOnly,
    async assertShipsTo(order: Order, f: Pick<ShippingFields, 'state' | 'city' | 'zip'>): Promise<void> {
      if (!(await isGroundOnly(order))) return;
      const refusal = groundOnlyRefusal(destinationOf(f), d.groundOnlyToRemoteStates());
      if (refusal) throw new AppError('validation', refusal.message, { state: [refusal.field] });
    },
  };
}
