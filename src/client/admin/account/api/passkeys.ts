import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Passkey } from '#shared/two-factor.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { useAfterFactorChange } from './second-factors.ts';

/** GET /api/admin/passkeys. */
export const passkeysQuery = () =>
  queryOptions({ queryKey: ['admin', 'account', 'passkeys'] as const, queryFn: () => api<Passkey[]>('/api/admin/passkeys') });
export const usePasskeys = () => useQuery(passkeysQuery());

/** Options from the store, the browser's passkey prompt, the new credential back to the store. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/admin/passkeys/options', {
    method: 'POST',
  });
  const response = await startRegistration({ optionsJSON });
  return api<Passkey>('/api/admin/passkeys', { method: 'POST', body: { response, name } });
}

export function useAddPasskeyMutation() {
  const after = useAfterFactorChange();
  return useMutation({
    mutationFn: addPasskey,
    meta: {
      failure: (err) => ({
        title: 'Passkey Not Added',
        description: errorMessage(err, 'The passkey was not added. Please try again.'),
      }),
    },
    onSuccess: (p) => {
      after();
      toast({ title: 'Passkey Added', description: `“${p.name}” can now sign you in. Your other sessions were signed out.` });
    },
  });
}

/** DELETE /api/admin/passkeys/:id. */
export function useRemovePasskeyMutation() {
  const after = useAfterFactorChange();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>(`/api/admin/passkeys/${id}`, { method: 'DELETE' }),
    meta: { failure: (err) => ({ title: 'Not Removed', description: errorMessage(err, 'The passkey could not be removed') }) },
    onSuccess: () => {
      after();
      toast({ title: 'Passkey Removed', description: 'Your other sessions were signed out.' });
    },
  });
}
