import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReturn } from '#shared/returns.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderTimelineQuery } from '../../orders/api/get-order-timeline.ts';
import { ADMIN_RETURNS_KEY } from './get-admin-returns.ts';

/** POST /api/admin/returns/:id/refuse: only a return waiting for approval; the customer reads the reason. */
export const refuseReturn = (id: number, reason: string) =>
  api<AdminReturn>(`/api/admin/returns/${id}/refuse`, { method: 'POST', body: { reason } });

export function useRefuseReturnMutation(ret: AdminReturn) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => refuseReturn(ret.id, reason),
    meta: {
      failure: (err) => ({ title: 'Refusal Failed', description: errorMessage(err, 'The return could not be refused') }),
    },
    onSuccess: (r) => {
      toast({ title: 'Return Refused', description: `${r.rma}: the customer was told why.` });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ADMIN_RETURNS_KEY });
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(ret.orderId).queryKey });
    },
  });
}
