import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscount } from '#shared/discounts.ts';
import type { DiscountBody } from '#shared/discounts-schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { DISCOUNTS_KEY } from './get-discounts.ts';

/** POST /api/admin/discounts (id null) or PUT /api/admin/discounts/:id: a code's terms, all at once. */
export const saveDiscount = ({ id, body }: { id: number | null; body: DiscountBody }) =>
  id === null
    ? api<AdminDiscount>('/api/admin/discounts', { method: 'POST', body })
    : api<AdminDiscount>(`/api/admin/discounts/${id}`, { method: 'PUT', body });

/** No failure toast: the dialog shows the server's message in place and stays open. */
export function useSaveDiscountMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDiscount,
    onSuccess: (saved, { id }) => {
      toast({ title: id === null ? 'Code Created' : 'Code Saved', description: `${saved.code} is ${saved.state}` });
      void qc.invalidateQueries({ queryKey: DISCOUNTS_KEY });
    },
  });
}
