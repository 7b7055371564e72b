import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { type ToastInput, toast } from '../../ui/toast.tsx';

/**
 * What an admin call says about its own failures, read in one place: the dashboard's caches below.
 * The calls only declare; a 401 on any of them ends the session the same way.
 */
export type AdminCallMeta = {
  /** The toast for a failure other than an ended session (docs/product.md §8); none: the screen shows it in place. */
  failure?: (err: unknown) => Omit<ToastInput, 'variant'>;
  /** The toast for an ended session, where docs/product.md §8 words it for this call (the analytics tab). */
  sessionEnded?: Omit<ToastInput, 'variant'>;
  /** A 401 is this call's own answer, not an ended session: a wrong password; signing out when already out. */
  ownsUnauthorized?: true;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AdminCallMeta;
    mutationMeta: AdminCallMeta;
  }
}

/** docs/product.md §6: a 401 means the session ended. */
export const SESSION_ENDED = {
  title: 'Authentication Required',
  description: 'Please log in to access the admin dashboard',
} as const;

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/** docs/product.md §7: admin data is retried up to 3 times, except when signed out (401) or refused (403). */
export const adminRetry = (failures: number, err: unknown) =>
  !(err instanceof ApiError && (err.status === 401 || err.status === 403)) && failures < 3;

/**
 * The dashboard's own QueryClient, apart from the storefront's (lib/query-client.ts): data never
 * stale and no refetch on focus as there, the admin's retries (docs/product.md §7), and one answer to every
 * failed call. A 401 shows 'Authentication Required' and calls `goToSignIn`; any other failure shows
 * the call's own toast, if it declares one.
 */
export function makeAdminQueryClient(goToSignIn: () => void): QueryClient {
  const onError = (err: unknown, meta: AdminCallMeta | undefined) => {
    if (isUnauthorized(err) && !meta?.ownsUnauthorized) {
      toast({ ...(meta?.sessionEnded ?? SESSION_ENDED), variant: 'destructive' });
      goToSignIn();
    } else if (meta?.failure) {
      toast({ ...meta.failure(err), variant: 'destructive' });
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onError(err, query.meta) }),
    mutationCache: new MutationCache({ onError: (err, _variables, _result, mutation) => onError(err, mutation.meta) }),
    defaultOptions: {
      queries: { retry: adminRetry, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
