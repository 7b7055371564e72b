import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordBody, RecoveryCodes, SecondFactorStatus, TotpSetup } from '#shared/two-factor.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** GET /api/admin/me/second-factors. */
export const secondFactorsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'account', 'second-factors'] as const,
    queryFn: () => api<SecondFactorStatus>('/api/admin/me/second-factors'),
  });
export const useSecondFactors = () => useQuery(secondFactorsQuery());

/** After a factor changes: the account's lists, and whether the dashboard is open to this admin. */
export function useAfterFactorChange() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['admin', 'account'] });
    void qc.invalidateQueries({ queryKey: ['admin', 'me'] });
  };
}

/** POST /api/admin/me/totp: a new secret, shown once. */
export function useStartTotpMutation() {
  return useMutation({
    mutationFn: () => api<TotpSetup>('/api/admin/me/totp', { method: 'POST' }),
    meta: {
      failure: (err) => ({ title: 'Setup Failed', description: errorMessage(err, 'The authenticator app could not be set up') }),
    },
  });
}

/** POST /api/admin/me/totp/confirm: the first code; the recovery codes back. */
export function useConfirmTotpMutation() {
  return useMutation({
    mutationFn: (code: string) => api<RecoveryCodes>('/api/admin/me/totp/confirm', { method: 'POST', body: { code } }),
    meta: {
      failure: (err) => ({ title: 'Setup Failed', description: errorMessage(err, 'That code is not right. Please try again.') }),
    },
  });
}

/** DELETE /api/admin/me/totp, with the password. */
export function useRemoveTotpMutation() {
  const after = useAfterFactorChange();
  return useMutation({
    mutationFn: (body: PasswordBody) => api<{ success: true }>('/api/admin/me/totp', { method: 'DELETE', body }),
    meta: {
      failure: (err) => ({ title: 'Not Removed', description: errorMessage(err, 'The authenticator app could not be removed') }),
    },
    onSuccess: () => {
      after();
      toast({ title: 'Authenticator App Removed', description: 'Your other sessions were signed out.' });
    },
  });
}
