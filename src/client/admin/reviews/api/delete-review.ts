import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { ADMIN_REVIEWS_KEY } from './get-admin-reviews.ts';

/** DELETE /api/admin/reviews/:id: the review is removed for good. */
export const deleteReview = (id: number) => api<unknown>(`/api/admin/reviews/${id}`, { method: 'DELETE' });

export function useDeleteReviewMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteReview(id),
    meta: { failure: () => ({ title: 'Delete Failed', description: 'Please try again.' }) },
    onSuccess: () => {
      toast({ title: 'Review Deleted', description: 'The review was removed permanently.' });
      void qc.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY });
    },
  });
}
