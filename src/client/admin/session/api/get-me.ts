import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMe } from '#shared/admin.ts';
import type { AdminAccessInfo, Permission } from '#shared/staff.ts';
import type { AdminEnrolment } from '#shared/two-factor.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/me: who is signed in. Signed out, the 401 leads to sign-in (admin-query-client.ts). */
export const getMe = () => api<AdminMe & AdminEnrolment & AdminAccessInfo>('/api/admin/me');

export const meQuery = () => queryOptions({ queryKey: ['admin', 'me'] as const, queryFn: getMe });

export const useMe = () => useQuery(meQuery());

/** Whether the signed-in admin's role may do `permission` (#shared/staff.ts): the dashboard shows only what it may. */
export function useCan(): (permission: Permission) => boolean {
  const me = useMe();
  return (permission) => me.data?.permissions.includes(permission) ?? false;
}
