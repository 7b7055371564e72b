import { QueryClient } from './query-cache.ts';

/**
 * The storefront's client, on the server and in the browser (lib/query-cache.ts): docs/product.md §7,
 * no retries, data never stale, no refetch on window focus. The dashboard has its own
 * (admin/session/admin-query-client.ts).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient();
}
