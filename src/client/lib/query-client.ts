import { QueryClient } from '@tanstack/react-query';

/** SPEC §7: no retries by default, data never stale, no refetch on window focus. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
