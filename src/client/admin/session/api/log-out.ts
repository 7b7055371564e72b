import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../app/router.tsx';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** POST /api/admin/logout: ends the session. */
export const logOut = () => api<{ success: true }>('/api/admin/logout', { method: 'POST' });

/**
 * Signs out. However that goes, the owner ends at the sign-in page (docs/product.md §8) with nothing of the
 * dashboard kept; a 401 only means the session had ended already.
 */
export function useLogOutMutation() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logOut,
    meta: { ownsUnauthorized: true },
    onSuccess: () => toast({ title: 'Logged Out', description: 'You have been signed out.' }),
    onError: (err) => console.error('Logout failed', err),
    onSettled: () => {
      qc.removeQueries({ queryKey: ['admin'] });
      navigate('/admin/login', { replace: true });
    },
  });
}
