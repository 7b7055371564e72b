import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, SettableOrderStatus } from '#shared/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderLabel, STATUS_LABEL } from '../format.ts';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { ORDERS_KEY, replaceOrder } from './get-orders.ts';

/** PUT /api/orders/:id/status */
export const updateOrderStatus = (id: number, status: SettableOrderStatus) =>
  api<AdminOrder>(`/api/orders/${id}/status`, { method: 'PUT', body: { status } });

export function useUpdateOrderStatusMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: SettableOrderStatus) => updateOrderStatus(id, status),
    meta: { failure: () => ({ title: 'Update Failed', description: 'Failed to update order status' }) },
    onSuccess: (order) => {
      replaceOrder(qc, order);
      toast({
        title: 'Order Updated',
        description: `Order ${orderLabel(order)} is now ${STATUS_LABEL[order.status].toLowerCase()}.`,
      });
      // The order may have moved between filters, and the figures with it; its history has a new line.
      void qc.invalidateQueries({ queryKey: ORDERS_KEY });
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(order.id).queryKey });
    },
  });
}
