import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderEvent } from '#shared/order-events.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { orderTimelineQuery } from './get-order-timeline.ts';

/** POST /api/orders/:id/notes */
export const addOrderNote = (id: number, text: string) =>
  api<OrderEvent>(`/api/orders/${id}/notes`, { method: 'POST', body: { text } });

export function useAddOrderNoteMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addOrderNote(id, text),
    meta: { failure: (err) => ({ title: 'Note Not Saved', description: errorMessage(err, 'Failed to save the note', '4xx') }) },
    onSuccess: () => qc.invalidateQueries({ queryKey: orderTimelineQuery(id).queryKey }),
  });
}
