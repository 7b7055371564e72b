import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { formatUsd } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import { orderItems, orders } from '#db/schema/index.ts';
import { recordEvent } from './history.ts';
import type * as repo from './repo.ts';

type Order = repo.OrderRow;

/** What a subscription's renewal order is made of (docs/decisions/0053): the subscription's details, priced by the caller. */
export interface RenewalOrder {
  subscriptionId: number;
  /** The renewal attempt's time: unique per subscription (orders_renewal_uq). */
  renewalDueAt: Date;
  subtotalCents: number;
  shippingCents: number;
  shippingRateCents: number;
  freeShippingOverCents: number | null;
  totalCents: number;
  paymentMode: 'test' | 'live';
  expiresAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountry: string;
}

/**
 * A subscription's renewal orders (docs/decisions/0053), written by the subscriptions domain in its
 * own transaction: opened with the subscription's address and lines, found again by the attempt
 * they were made for. The rest of their way (paid, closed) is the lifecycle's, as any order's.
 */
export const createRenewalWrites = (db: Database) => ({
  /** A new unpaid renewal order with its lines, and "Renewal of subscription N" in its history. */
  async openRenewal(
    tx: Tx,
    v: RenewalOrder,
    lines: readonly {
      productId: number;
      name: string;
      unitPriceCents: number;
      quantity: number;
      subscriptionIntervalWeeks: number;
      subscriptionDiscountPercent: number;
    }[],
  ): Promise<Order> {
    const [order] = await tx
      .insert(orders)
      .values({ ...v, sessionId: `subscription-${v.subscriptionId}`, discountCents: 0, analyticsSessionId: null })
      .returning();
    if (!order) throw new Error('order not inserted');
    await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order.id })));
    const units = lines.reduce((n, l) => n + l.quantity, 0);
    await recordEvent(
      tx,
      order.id,
      'checkout_started',
      `Renewal of subscription ${v.subscriptionId}: ${units} ${units === 1 ? 'item' : 'items'}, ${formatUsd(order.totalCents)}`,
      'store',
    );
    return order;
  },

  /** The renewal order made for this attempt, locked when asked; undefined when none was. */
  async renewalOf(tx: Tx, subscriptionId: number, renewalDueAt: Date, lock = false): Promise<Order | undefined> {
    const q = tx
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.renewalDueAt, renewalDueAt)))
      .limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** The subscription's newest renewal order still unpaid and open (a charge under way, or one a crash left). */
  async openRenewalOf(tx: Tx, subscriptionId: number): Promise<Order | undefined> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.status, 'pending'), isNull(orders.expiredAt)))
      .orderBy(desc(orders.id))
      .limit(1);
    return row;
  },

  /** Subscriptions with an open renewal order made before `before` (a charge a crash left unfinished). */
  async staleRenewalSubscriptions(before: Date): Promise<number[]> {
    const rows = await db
      .selectDistinct({ id: orders.subscriptionId })
      .from(orders)
      .where(
        and(
          isNotNull(orders.subscriptionId),
          eq(orders.status, 'pending'),
          isNull(orders.expiredAt),
          lt(orders.createdAt, before),
        ),
      )
      .limit(50);
    return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  },

  /** The provider's payment of a renewal, kept on its order (refunds and the owner's view use it). */
  async setRenewalPayment(tx: Tx, orderId: number, paymentIntentId: string): Promise<void> {
    await tx
      .update(orders)
      .set({ paymentIntentId })
      .where(and(eq(orders.id, orderId), isNull(orders.paymentIntentId)));
  },
});
