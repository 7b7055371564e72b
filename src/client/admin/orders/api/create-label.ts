import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { replaceOrder } from './get-orders.ts';

/** POST /api/orders/:id/create-label: buys the label and sends it to the printer when there is one. */
export const createLabel = (id: number) =>
  api<{ order: AdminOrder; printed: boolean; message: string }>(`/api/orders/${id}/create-label`, { method: 'POST' });

export function useCreateLabelMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => createLabel(id),
    meta: {
      failure: (err) => ({ title: 'Label Creation Failed', description: errorMessage(err, 'Failed to create shipping label') }),
    },
    onSuccess: (r) => {
      replaceOrder(qc, r.order);
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(r.order.id).queryKey });
      toast({ title: 'Label Created', description: r.printed ? 'Shipping label created and sent to printer' : r.message });
    },
  });
}
