import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderLabel } from '../format.ts';
import { orderRefundsQuery } from './get-order-refunds.ts';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { ORDERS_KEY, replaceOrder } from './get-orders.ts';

/** POST /api/orders/:id/cancel */
export const cancelOrder = (id: number, reason: string) =>
  api<AdminOrder>(`/api/orders/${id}/cancel`, { method: 'POST', body: reason ? { reason } : {} });

export function useCancelOrderMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelOrder(id, reason),
    meta: { failure: (err) => ({ title: 'Not Cancelled', description: errorMessage(err, 'The order could not be cancelled') }) },
    onSuccess: (order) => {
      replaceOrder(qc, order);
      toast({ title: 'Order Cancelled', description: `Order ${orderLabel(order)} is cancelled.` });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ORDERS_KEY });
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(id).queryKey });
      void qc.invalidateQueries({ queryKey: orderRefundsQuery(id).queryKey });
    },
  });
}
