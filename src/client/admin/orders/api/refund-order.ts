import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Refund, RefundBody } from '#shared/refunds.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderRefundsQuery } from './get-order-refunds.ts';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { ORDERS_KEY } from './get-orders.ts';

/** POST /api/orders/:id/refunds; `key` is the form's own, so a retried submission is one refund. */
export const refundOrder = (id: number, body: RefundBody, key: string) =>
  api<Refund>(`/api/orders/${id}/refunds`, { method: 'POST', body, headers: { 'idempotency-key': key } });

export function useRefundOrderMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundBody; key: string }) => refundOrder(id, body, key),
    meta: { failure: (err) => ({ title: 'Refund Failed', description: errorMessage(err, 'The refund could not be made') }) },
    onSuccess: (refund) => {
      toast({ title: 'Refunded', description: `${formatUsd(parseCents(refund.amount))} refunded on order #${refund.orderId}.` });
    },
    // Pending at the provider or refused: the order, its history and what is left change either way.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ORDERS_KEY });
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(id).queryKey });
      void qc.invalidateQueries({ queryKey: orderRefundsQuery(id).queryKey });
    },
  });
}
