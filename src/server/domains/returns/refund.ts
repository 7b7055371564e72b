import { parseCents } from '#shared/money.ts';
import { AppError } from '../../errors.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { Actor, OrdersService } from '../orders/service.ts';
import type * as repo from './repo.ts';
import type { ReturnRefund } from './views.ts';

/** A return's refund, through the order's refunds (docs/decisions/0037). */
export function createReturnRefund(d: { orders: OrdersService; checkout: CheckoutService }) {
  const { orders } = d;

  /**
   * The request key of a return's refund: the same for every receive of it, so the money moves once;
   * after a refund the provider refused, the next one, so receiving again tries again. The store's
   * own keys can never be a client's (those are kept as `client:<key>`).
   */
  async function refundKey(ret: repo.ReturnRow): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const key = attempt === 1 ? `return:${ret.id}` : `return:${ret.id}:${attempt}`;
      const earlier = await orders.refunds.byKey(ret.orderId, key);
      if (earlier?.status !== 'failed') return key;
    }
  }

  /**
   * Refunds a return's lines; a refund the provider has not answered yet is kept pending (the sweep
   * asks again with the same key) and answered as pending. A refusal is a 409: no money moved.
   */
  async function refundReturn(
    ret: repo.ReturnRow,
    request: Parameters<CheckoutService['refund']>[1],
    actor: Actor,
  ): Promise<{ id: number } & ReturnRefund> {
    const key = await refundKey(ret);
    try {
      const { refund } = await d.checkout.refund(ret.orderId, request, actor, key, { returnId: ret.id });
      return { id: refund.id, status: refund.status, amountCents: parseCents(refund.amount) };
    } catch (err) {
      const pending =
        err instanceof AppError && err.code === 'unavailable' ? await orders.refunds.byKey(ret.orderId, key) : undefined;
      if (pending?.status !== 'pending') throw err;
      return { id: pending.id, status: 'pending', amountCents: pending.amountCents };
    }
  }

  return refundReturn;
}
