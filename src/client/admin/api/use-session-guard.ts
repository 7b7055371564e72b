import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast.tsx';
import { isUnauthorized } from './admin-api.ts';

/**
 * A 401 means the session ended (SPEC §6): back to sign-in with 'Authentication Required'.
 * Returns true when it handled the error.
 */
export function useSessionGuard(): (err: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (err: unknown) => {
      if (!isUnauthorized(err)) return false;
      toast({
        title: 'Authentication Required',
        description: 'Please log in to access the admin dashboard',
        variant: 'destructive',
      });
      navigate('/admin/login', { replace: true });
      return true;
    },
    [navigate],
  );
}
