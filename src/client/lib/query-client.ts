import { QueryClient } from '@tanstack/react-query';

/**
 * The storefront's client, on the server and in the browser. docs/product.md §7: no retries by default, data
 * never stale, no refetch on window focus. The dashboard has its own (admin/session/admin-query-client.ts).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
