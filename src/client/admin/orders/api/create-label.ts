import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '#shared/admin.ts';
import type { CreateLabelBody, ShippingRate } from '#shared/fulfilment.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { orderTimelineQuery } from './get-order-timeline.ts';
import { replaceOrder } from './get-orders.ts';

type LabelAnswer = { order: AdminOrder; printed: boolean; message: string };

/**
 * POST /api/orders/:id/create-label: buys the label and sends it to the printer when there is one.
 * With a rate of a quote (get-shipping-rates.ts), that rate; without, the cheapest of a new quote, or
 * the order's label again when it has one.
 */
export const createLabel = (id: number, body?: CreateLabelBody) =>
  api<LabelAnswer>(`/api/orders/${id}/create-label`, { method: 'POST', ...(body ? { body } : {}) });

const failure = (err: unknown) => ({
  title: 'Label Creation Failed',
  description: errorMessage(err, 'Failed to create shipping label'),
});

/** The order as the answer has it, its history refreshed, and the toast: printed, or the printer's word. */
function useLabelCreated() {
  const qc = useQueryClient();
  return (r: LabelAnswer, paid?: string) => {
    replaceOrder(qc, r.order);
    void qc.invalidateQueries({ queryKey: orderTimelineQuery(r.order.id).queryKey });
    const description = r.printed
      ? `${paid ? `${paid}: shipping` : 'Shipping'} label created and sent to printer`
      : paid
        ? `${paid}: shipping label created. ${r.message}`
        : r.message;
    toast({ title: 'Label Created', description });
  };
}

/** Print Label: one click, no rate chosen (the built-in provider's label, or a label printed again). */
export function useCreateLabelMutation(id: number) {
  const created = useLabelCreated();
  return useMutation({
    mutationFn: () => createLabel(id),
    meta: { failure },
    onSuccess: (r) => created(r),
  });
}

/** "Buy and Print" in the postage dialog: the rate the owner chose from the quote. */
export function useBuyLabelMutation(id: number) {
  const created = useLabelCreated();
  return useMutation({
    mutationFn: ({ quoteId, rate }: { quoteId: number; rate: ShippingRate }) => createLabel(id, { quoteId, rateId: rate.id }),
    meta: { failure },
    onSuccess: (r, { rate }) => {
      // What the store paid, as the label was bought (the order says), else as the rate was offered.
      const carrier = r.order.shippingCarrier ?? rate.carrier;
      const service = r.order.shippingService ?? rate.service;
      const cost = formatUsd(parseCents(r.order.shippingCost ?? rate.cost));
      created(r, `${carrier} ${service}, ${cost}`);
    },
  });
}
