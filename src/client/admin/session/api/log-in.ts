import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../app/router.tsx';
import type { AdminMe, LoginBody } from '#shared/admin.ts';
import type { TwoFactorRequired } from '#shared/two-factor.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** POST /api/admin/login: sets the session cookie, or with a second factor set, the second step's. */
export const logIn = (credentials: LoginBody) =>
  api<(AdminMe & { success: true }) | TwoFactorRequired>('/api/admin/login', { method: 'POST', body: credentials });

/** What a finished sign-in does, whichever way it went: the dashboard opens with nothing kept from before. */
export function useSignedIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return () => {
    qc.removeQueries({ queryKey: ['admin'] });
    toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
    navigate('/admin', { replace: true });
  };
}

/**
 * Signs in and opens the dashboard, or calls `onSecondStep` when a code or a passkey is still to
 * come; a wrong password is this call's own 401, said as 'Login Failed' (docs/product.md §8).
 */
export function useLogInMutation(onSecondStep: () => void) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: logIn,
    meta: {
      ownsUnauthorized: true,
      failure: (err) => ({ title: 'Login Failed', description: errorMessage(err, 'Invalid username or password') }),
    },
    onSuccess: (answer) => ('twoFactorRequired' in answer ? onSecondStep() : signedIn()),
  });
}
