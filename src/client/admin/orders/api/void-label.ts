import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { replaceOrder } from './get-orders.ts';

/** DELETE /api/orders/:id/label: voids the order's label, so a new one can be made. */
export const voidLabel = (id: number) => api<AdminOrder>(`/api/orders/${id}/label`, { method: 'DELETE' });

export function useVoidLabelMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => voidLabel(id),
    meta: { failure: () => ({ title: 'Update Failed', description: 'The label could not be voided.' }) },
    onSuccess: (order) => {
      replaceOrder(qc, order);
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(order.id).queryKey });
      toast({ title: 'Label Voided', description: 'A new label can be created for this order.' });
    },
  });
}
