import type { Tx } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import type { Order, OrderLine } from '../orders/service.ts';
import { TaxAddressError, type TaxQuestion } from '../tax/service.ts';
import type { CheckoutDeps } from './deps.ts';

export const TAX_UNAVAILABLE = 'We could not work out the sales tax for your order just now. Please try again in a moment.';
export const TAX_ADDRESS =
  'We could not work out the sales tax for this address. Please check that the ZIP code belongs to the city and state.';
const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a moment.';

/** A line's reference in the tax provider's calculation and transaction: its product, unique in the order. */
export const lineReference = (productId: number) => `product-${productId}`;

/** What the order's tax is worked out on: its lines after their discount shares, its shipping, its address; null before the shipping step. */
function questionOf(order: Order, items: readonly OrderLine[]): TaxQuestion | null {
  if (!order.shippingAddress || !order.shippingCity || !order.shippingState || !order.shippingZip) return null;
  return {
    lines: [...items]
      .sort((a, b) => a.productId - b.productId)
      .map((i) => ({
        reference: lineReference(i.productId),
        amountCents: i.unitPriceCents * i.quantity - i.discountCents,
        quantity: i.quantity,
      })),
    shippingCents: order.shippingCents,
    address: {
      line1: order.shippingAddress,
      city: order.shippingCity,
      state: order.shippingState,
      postalCode: order.shippingZip,
      country: order.shippingCountry ?? 'US',
    },
  };
}

const basisOf = (q: TaxQuestion) => JSON.stringify(q);

/**
 * Sales tax on an open checkout (docs/decisions/0047). With a tax provider, the checkout's tax is
 * worked out once its shipping step is saved, and again whenever what it was worked out on changes
 * (a code put on or taken off, a checkout priced again, another address): the order keeps the
 * calculation and what it covered (`taxBasis`), and a checkout whose calculation no longer covers
 * it cannot be paid until it is worked out again (readyToPay). The provider is asked outside any
 * transaction; its answer is written only if the order still is what was asked about.
 */
export function createCheckoutTax(d: CheckoutDeps) {
  const { db, orders, payments, tax } = d;

  /** Whether the order's tax covers what it is now (always, without a provider or before the shipping step). */
  async function current(order: Order, tx: Tx = db): Promise<boolean> {
    if (!tax.enabled) return true;
    const q = questionOf(order, await orders.items(tx, order.id));
    if (!q) return true;
    return (
      order.taxCalculationId !== null &&
      order.taxBasis === basisOf(q) &&
      order.totalCents === order.subtotalCents - order.discountCents + order.shippingCents + order.taxCents
    );
  }

  /**
   * The open checkout's tax worked out again and put on it, then the payment asked for its new
   * total. 503 with the shopper's message when the provider cannot answer (nothing changes; the
   * shopper tries again). Changed meanwhile: asked again, a few times at most.
   */
  async function refresh(found: Order): Promise<Order> {
    let order = found;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const q = questionOf(order, await orders.items(db, order.id));
      if (!q) return order;
      let answer: Awaited<ReturnType<typeof tax.calculate>>;
      try {
        answer = await tax.calculate(q);
      } catch (err) {
        if (err instanceof TaxAddressError) throw new AppError('conflict', TAX_ADDRESS);
        d.log.error({ err, orderId: order.id }, 'sales tax not calculated');
        throw new AppError('unavailable', TAX_UNAVAILABLE);
      }
      const basis = basisOf(q);
      const written = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, order.id);
        if (!locked || !orders.isOpen(locked)) return { order: locked ?? order, again: false, open: false };
        const items = await orders.items(tx, locked.id);
        const now = questionOf(locked, items);
        if (!now || basisOf(now) !== basis) return { order: locked, again: true, open: true };
        const lineTaxCents = new Map(items.map((i) => [i.productId, answer.lineTaxCents.get(lineReference(i.productId)) ?? 0]));
        const taxed = await orders.setTax(tx, locked, {
          calculationId: answer.calculationId,
          basis,
          shippingTaxCents: answer.shippingTaxCents,
          lineTaxCents,
        });
        return { order: taxed, again: false, open: true };
      });
      order = written.order;
      if (written.again) continue;
      if (!written.open || !order.paymentIntentId) return order;
      try {
        await payments.updateAmount(order.paymentIntentId, order.totalCents);
      } catch (err) {
        d.log.error({ err, orderId: order.id }, 'payment amount not changed after its tax');
        // The payment still asks for the old total: paying works the tax out (and asks the payment) again.
        await orders.forgetTaxBasis(order.id);
        throw new AppError('unavailable', PAYMENTS_UNAVAILABLE);
      }
      return order;
    }
    throw new AppError('unavailable', TAX_UNAVAILABLE);
  }

  /** The payment's tax recorded with the provider once, from its calculation (after the order is paid). */
  async function recordPaid(order: Order): Promise<void> {
    if (!tax.enabled || !order.taxCalculationId || order.taxTransactionId || !order.paidAt) return;
    const { transactionId } = await tax.record(order.taxCalculationId, `order-${order.id}`);
    await orders.setTaxTransaction(order.id, transactionId);
  }

  /** A succeeded refund's tax recorded as given back, once (its reference is the refund's). */
  async function reverseRefund(refundId: number): Promise<void> {
    if (!tax.enabled) return;
    const refund = await orders.refunds.byId(refundId);
    if (refund?.status !== 'succeeded' || refund.taxCents === 0 || refund.taxReversalId) return;
    const order = await orders.byId(refund.orderId);
    if (!order?.taxTransactionId) return; // reversed once the transaction is recorded (retry below)
    const reference = `order-${order.id}-refund-${refund.id}`;
    const { reversalId } = await tax.reverse(
      order.taxTransactionId,
      refund.amountCents === order.totalCents
        ? { mode: 'full', reference }
        : { mode: 'flat', reference, amountCents: refund.amountCents },
    );
    await orders.setTaxReversal(refund.id, reversalId);
  }

  return {
    current,
    refresh,
    /** The checkout's tax worked out again when what it covered changed (or was never worked out). */
    async ensure(order: Order): Promise<Order> {
      return (await current(order)) ? order : refresh(order);
    },
    /** After completion (its failure logged; the minute sweep tries again). */
    async recordPaid(order: Order): Promise<void> {
      await recordPaid(order).catch((err: unknown) => {
        d.log.error({ err, orderId: order.id }, 'tax transaction not recorded; tried again by the sweep');
      });
    },
    /** After a refund succeeded (its failure logged; the minute sweep tries again). */
    async reverseRefund(refundId: number): Promise<void> {
      await reverseRefund(refundId).catch((err: unknown) => {
        d.log.error({ err, refundId }, 'tax reversal not recorded; tried again by the sweep');
      });
    },
    /** Every minute: tax transactions and reversals whose provider call failed, asked again. Returns how many were recorded. */
    async retryRecords(): Promise<number> {
      if (!tax.enabled) return 0;
      let done = 0;
      for (const o of await orders.unrecordedTax()) {
        if (
          await recordPaid(o).then(
            () => true,
            () => false,
          )
        )
          done += 1;
      }
      for (const r of await orders.unreversedTax()) {
        if (
          await reverseRefund(r.id).then(
            () => true,
            () => false,
          )
        )
          done += 1;
      }
      return done;
    },
  };
}

export type CheckoutTax = ReturnType<typeof createCheckoutTax>;
