import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import type { DisputeOverrideBody, OrderDisputes } from '#shared/disputes.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { replaceOrder } from './get-orders.ts';

/** POST /api/admin/orders/:id/dispute-override: labels allowed for a disputed order (docs/decisions/0059). */
export const overrideDispute = (id: number, body: DisputeOverrideBody) =>
  api<OrderDisputes>(`/api/admin/orders/${id}/dispute-override`, { method: 'POST', body });

function withDisputes(qc: QueryClient, order: AdminOrder, dispute: OrderDisputes) {
  replaceOrder(qc, { ...order, dispute });
}

export function useOverrideDisputeMutation(order: AdminOrder) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (note?: string) => overrideDispute(order.id, { confirm: true, ...(note ? { note } : {}) }),
    meta: { failure: () => ({ title: 'Update Failed', description: 'Labels could not be allowed for this order.' }) },
    onSuccess: (dispute) => {
      withDisputes(qc, order, dispute);
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(order.id).queryKey });
      toast({ title: 'Labels Allowed', description: `Labels can now be made for order #${order.id} despite its dispute.` });
    },
  });
}
