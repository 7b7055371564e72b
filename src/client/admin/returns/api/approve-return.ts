import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReturn } from '#shared/returns.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderTimelineQuery } from '../../orders/api/get-order-timeline.ts';
import { ADMIN_RETURNS_KEY } from './get-admin-returns.ts';

/**
 * POST /api/admin/returns/:id/approve: approved, and its return label made. Approving an approved
 * return whose label failed makes the label again.
 */
export const approveReturn = (id: number) => api<AdminReturn>(`/api/admin/returns/${id}/approve`, { method: 'POST' });

export function useApproveReturnMutation(ret: AdminReturn) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => approveReturn(ret.id),
    meta: {
      failure: (err) => ({ title: 'Approval Failed', description: errorMessage(err, 'The return could not be approved') }),
    },
    onSuccess: (r) => {
      toast({
        title: 'Return Approved',
        description: r.label?.prepaid
          ? `${r.rma}: a prepaid ${[r.label.carrier, r.label.service].filter(Boolean).join(' ')} label is ready for the customer.`
          : `${r.rma}: the return slip is ready for the customer.`,
      });
    },
    // A failed label leaves the return approved without one: the list shows it either way.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ADMIN_RETURNS_KEY });
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(ret.orderId).queryKey });
    },
  });
}
