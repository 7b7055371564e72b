import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscount } from '#shared/discounts.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { DISCOUNTS_KEY } from './get-discounts.ts';

/** DELETE /api/admin/discounts/:id (204). */
export const deleteDiscount = (id: number) => api<void>(`/api/admin/discounts/${id}`, { method: 'DELETE' });

/** No failure toast: the confirmation shows the server's message in place. */
export function useDeleteDiscountMutation(discount: AdminDiscount) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDiscount(discount.id),
    onSuccess: () => toast({ title: 'Code Deleted', description: `${discount.code} can no longer be used` }),
    // A code deleted meanwhile (404) is gone either way: the list shows what is left. Pending until
    // it does, so the dialog closes on a list without the code (and the keyboard does not go back
    // to its Delete button, about to go).
    onSettled: () => qc.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
  });
}
