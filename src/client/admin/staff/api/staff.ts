import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, StaffInvited, StaffMember } from '#shared/staff.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

export const STAFF_KEY = ['admin', 'staff'] as const;

/** GET /api/admin/staff (only while the Staff tab is open). */
export const staffQuery = () => queryOptions({ queryKey: STAFF_KEY, queryFn: () => api<StaffMember[]>('/api/admin/staff') });
export const useStaff = () => useQuery(staffQuery());

/** POST /api/admin/staff: the new member and its one-time link. */
export function useInviteMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; role: Role }) => api<StaffInvited>('/api/admin/staff', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** PUT /api/admin/staff/:id {role}. */
export function useChangeRoleMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) =>
      api<StaffMember>(`/api/admin/staff/${id}`, { method: 'PUT', body: { role } }),
    onSuccess: (m) => toast({ title: 'Role Changed', description: `${m.username} is now ${m.role}; they sign in again` }),
    onError: (err) =>
      toast({ title: 'Role Not Changed', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
    onSettled: () => qc.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** DELETE /api/admin/staff/:id: the member is signed out at once. */
export function useRemoveMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (member: StaffMember) => api<{ success: true }>(`/api/admin/staff/${member.id}`, { method: 'DELETE' }),
    onSuccess: (_r, m) => toast({ title: 'Member Removed', description: `${m.username} can no longer sign in` }),
    onSettled: () => qc.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** POST /api/admin/set-password: public, the link's token is the key. */
export function useSetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api<{ success: true; username: string }>('/api/admin/set-password', { method: 'POST', body }),
  });
}
