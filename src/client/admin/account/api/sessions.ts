import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnSession } from '#shared/two-factor.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';

const KEY = ['admin', 'account', 'sessions'] as const;

/** GET /api/admin/me/sessions. */
export const sessionsQuery = () => queryOptions({ queryKey: KEY, queryFn: () => api<OwnSession[]>('/api/admin/me/sessions') });
export const useOwnSessions = (enabled: boolean) => useQuery({ ...sessionsQuery(), enabled });

/** DELETE /api/admin/me/sessions/:id. */
export function useEndSessionMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`/api/admin/me/sessions/${id}`, { method: 'DELETE' }),
    meta: { failure: (err) => ({ title: 'Not Ended', description: errorMessage(err, 'The session could not be ended') }) },
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
