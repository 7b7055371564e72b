import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../app/router.tsx';
import type { AdminMe, LoginBody } from '#shared/admin.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** POST /api/admin/login: sets the session cookie. */
export const logIn = (credentials: LoginBody) => api<AdminMe>('/api/admin/login', { method: 'POST', body: credentials });

/** Signs in and opens the dashboard; a wrong password is this call's own 401, said as 'Login Failed' (docs/product.md §8). */
export function useLogInMutation() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logIn,
    meta: {
      ownsUnauthorized: true,
      failure: (err) => ({ title: 'Login Failed', description: errorMessage(err, 'Invalid username or password') }),
    },
    onSuccess: () => {
      qc.removeQueries({ queryKey: ['admin'] });
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
      navigate('/admin', { replace: true });
    },
  });
}
