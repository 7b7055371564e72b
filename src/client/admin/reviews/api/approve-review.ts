import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { ADMIN_REVIEWS_KEY } from './get-admin-reviews.ts';

/** PUT /api/admin/reviews/:id/approve: the review is published. */
export const approveReview = (id: number) => api<unknown>(`/api/admin/reviews/${id}/approve`, { method: 'PUT' });

export function useApproveReviewMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => approveReview(id),
    meta: { failure: () => ({ title: 'Approval Failed', description: 'Please try again.' }) },
    onSuccess: () => {
      toast({ title: 'Review Approved', description: 'The review is now visible to customers.' });
      void qc.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY });
    },
  });
}
