import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatUsd, parseCents } from '#shared/money.ts';
import type { ReturnReceiveBody } from '#shared/returns-schemas.ts';
import type { AdminReturn } from '#shared/returns.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderRefundsQuery } from '../../orders/api/get-order-refunds.ts';
import { orderTimelineQuery } from '../../orders/api/get-order-timeline.ts';
import { ORDERS_KEY } from '../../orders/api/get-orders.ts';
import { ADMIN_RETURNS_KEY } from './get-admin-returns.ts';

/**
 * POST /api/admin/returns/:id/receive: the parcel is back; its lines are refunded (once, however often
 * this is sent), put back in stock or not, with the postage the customer paid when `postage` is given.
 */
export const receiveReturn = (id: number, body: ReturnReceiveBody) =>
  api<AdminReturn>(`/api/admin/returns/${id}/receive`, { method: 'POST', body });

export function useReceiveReturnMutation(ret: AdminReturn) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnReceiveBody) => receiveReturn(ret.id, body),
    meta: {
      failure: (err) => ({ title: 'Receive Failed', description: errorMessage(err, 'The return could not be received') }),
    },
    onSuccess: (r) => {
      toast({
        title: 'Return Received',
        description: r.refunded
          ? `${r.rma}: ${formatUsd(parseCents(r.refunded))} refunded to the customer${r.restocked ? ', items back in stock' : ''}.`
          : `${r.rma}: received, but its refund is not confirmed yet: check the order's refunds.`,
      });
    },
    // A refund the provider has not answered yet still marks the return received: refresh either way.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ADMIN_RETURNS_KEY });
      void qc.invalidateQueries({ queryKey: ORDERS_KEY });
      void qc.invalidateQueries({ queryKey: orderTimelineQuery(ret.orderId).queryKey });
      void qc.invalidateQueries({ queryKey: orderRefundsQuery(ret.orderId).queryKey });
    },
  });
}
