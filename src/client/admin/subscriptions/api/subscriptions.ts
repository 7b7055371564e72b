import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSubscriptionDetail, AdminSubscriptionsPage, AdminSubscriptionsSummary } from '#shared/subscriptions-admin.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { pagedListQuery, usePagedList } from '../../lib/paged-list.ts';

/** Every query of the Subscriptions tab is under this key: a pause or a cancellation refreshes them. */
export const ADMIN_SUBSCRIPTIONS_KEY = ['admin', 'subscriptions'] as const;

/** GET /api/admin/subscriptions: the first page of a status ('all' is every subscription). */
export const adminSubscriptionsUrl = (status: string) =>
  status === 'active' || status === 'paused' || status === 'cancelled'
    ? `/api/admin/subscriptions?status=${status}`
    : '/api/admin/subscriptions';

export const useAdminSubscriptions = (status: string) =>
  usePagedList(
    pagedListQuery<AdminSubscriptionsPage>([...ADMIN_SUBSCRIPTIONS_KEY, 'list'], adminSubscriptionsUrl(status)),
    (page) => page.subscriptions,
    (s) => s.id,
  );

/** GET /api/admin/subscriptions/summary. */
export const useSubscriptionsSummary = () =>
  useQuery(
    queryOptions({
      queryKey: [...ADMIN_SUBSCRIPTIONS_KEY, 'summary'],
      queryFn: () => api<AdminSubscriptionsSummary>('/api/admin/subscriptions/summary'),
    }),
  );

/** GET /api/admin/subscriptions/:id: its history and orders. */
export const useSubscriptionDetail = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: [...ADMIN_SUBSCRIPTIONS_KEY, 'detail', id],
      queryFn: () => api<AdminSubscriptionDetail>(`/api/admin/subscriptions/${id}`),
    }),
  );

/** POST /api/admin/subscriptions/:id/{pause,cancel}. */
export function useSubscriptionAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'cancel') =>
      api<AdminSubscriptionDetail>(`/api/admin/subscriptions/${id}/${action}`, { method: 'POST' }),
    meta: { failure: () => ({ title: 'Not Changed', description: 'Please try again.' }) },
    onSuccess: (detail, action) => {
      toast({
        title: action === 'pause' ? 'Subscription Paused' : 'Subscription Cancelled',
        description:
          action === 'pause' ? 'No renewal until the customer resumes it.' : 'The customer was e-mailed the cancellation.',
      });
      qc.setQueryData([...ADMIN_SUBSCRIPTIONS_KEY, 'detail', id], detail);
      void qc.invalidateQueries({ queryKey: ADMIN_SUBSCRIPTIONS_KEY });
    },
  });
}
