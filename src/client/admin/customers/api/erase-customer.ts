import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerErased } from '#shared/privacy.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** POST /api/admin/customers/erase. */
export const eraseCustomer = (email: string) =>
  api<CustomerErased>('/api/admin/customers/erase', { method: 'POST', body: { email: email.trim() } });

/** No failure toast: the confirmation shows the server's message in place. */
export function useEraseCustomerMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: (res) => toast({ title: 'Customer Erased', description: res.message }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
