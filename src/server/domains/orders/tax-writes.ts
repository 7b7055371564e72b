import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { formatUsd } from '#shared/money.ts';
import type { Database, Tx } from '#db/client.ts';
import { orderItems, orderRefunds, orders } from '#db/schema/index.ts';
import { recordEvent } from './history.ts';
import * as repo from './repo.ts';

type Order = repo.OrderRow;

/**
 * An order's sales tax (docs/decisions/0047), written by checkout: the calculation's answer on the
 * (locked) open checkout, with its total = subtotal − discount + shipping + tax; the transaction
 * recorded once it is paid; each refund's reversal.
 */
export function createTaxWrites(db: Database) {
  return {
    /** The calculation's tax on the locked open checkout, its lines' parts by product, its total with it. */
    async setTax(
      tx: Tx,
      order: Order,
      v: { calculationId: string; basis: string; shippingTaxCents: number; lineTaxCents: ReadonlyMap<number, number> },
    ): Promise<Order> {
      const lines = [...v.lineTaxCents.values()].reduce((a, b) => a + b, 0);
      const taxCents = lines + v.shippingTaxCents;
      const byProduct = JSON.stringify(Object.fromEntries(v.lineTaxCents));
      await tx
        .update(orderItems)
        .set({ taxCents: sql`coalesce((${byProduct}::jsonb ->> ${orderItems.productId}::text)::int, 0)` })
        .where(eq(orderItems.orderId, order.id));
      const totalCents = order.subtotalCents - order.discountCents + order.shippingCents + taxCents;
      const saved =
        (await repo.updateOrder(tx, order.id, {
          taxCents,
          shippingTaxCents: v.shippingTaxCents,
          taxCalculationId: v.calculationId,
          taxBasis: v.basis,
          totalCents,
        })) ?? order;
      if (taxCents !== order.taxCents || order.taxCalculationId === null) {
        await recordEvent(
          tx,
          order.id,
          'tax_calculated',
          `Sales tax ${formatUsd(taxCents)}; total ${formatUsd(totalCents)}`,
          'store',
        );
      }
      return saved;
    },

    /** The open checkout's calculation no longer stands (its payment could not follow it): worked out again before paying. */
    async forgetTaxBasis(orderId: number): Promise<void> {
      await db
        .update(orders)
        .set({ taxBasis: null, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), isNull(orders.paidAt)));
    },

    /** The tax transaction of a paid order, kept once: false when it had one already. */
    async setTaxTransaction(orderId: number, transactionId: string): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ taxTransactionId: transactionId, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), isNull(orders.taxTransactionId)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Paid orders whose tax transaction is still to record, oldest first. */
    unrecordedTax: (limit = 50) =>
      db
        .select()
        .from(orders)
        .where(and(isNotNull(orders.taxCalculationId), isNull(orders.taxTransactionId), isNotNull(orders.paidAt)))
        .orderBy(asc(orders.id))
        .limit(limit),

    /** Succeeded refunds with tax whose reversal is still to record, oldest first. */
    unreversedTax: (limit = 50) =>
      db
        .select()
        .from(orderRefunds)
        .where(and(sql`${orderRefunds.taxCents} > 0`, isNull(orderRefunds.taxReversalId), eq(orderRefunds.status, 'succeeded')))
        .orderBy(asc(orderRefunds.id))
        .limit(limit),

    /** A refund's tax reversal, kept once. */
    async setTaxReversal(refundId: number, reversalId: string): Promise<void> {
      await db
        .update(orderRefunds)
        .set({ taxReversalId: reversalId })
        .where(and(eq(orderRefunds.id, refundId), isNull(orderRefunds.taxReversalId)));
    },
  };
}
