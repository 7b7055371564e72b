import { createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { hashKey, type QueryClient, type QueryKey, type TypedQueryKey } from './query-cache.ts';

export { QueryClient } from './query-cache.ts';

/** A query: its key, how to fetch it, and whether it may fetch now (`enabled`, true when left out). */
export interface QueryOptions<T> {
  queryKey: TypedQueryKey<T>;
  queryFn: () => Promise<T>;
  enabled?: boolean;
}

/** The options as given, their key typed with the data (so getQueryData and setQueryData know it). */
export const queryOptions = <T,>(options: { queryKey: QueryKey; queryFn: () => Promise<T>; enabled?: boolean }) =>
  options as QueryOptions<T> & { queryKey: TypedQueryKey<T> };

/**
 * The query's state, narrowed by its status as TanStack Query's result is: pending, no data and no
 * error yet (also while the query is not enabled); success, its data; error, the last fetch failed
 * (the data from before it, if any, stays).
 */
export type QueryResult<T> = { error: unknown; isFetching: boolean } & (
  | { status: 'pending'; data: undefined; isPending: true; isSuccess: false; isError: false }
  | { status: 'success'; data: T; isPending: false; isSuccess: true; isError: false }
  | { status: 'error'; data: T | undefined; isPending: false; isSuccess: false; isError: true }
);

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('QueryClientProvider is missing');
  return client;
}

/**
 * The query's data and state. The first render (on the server, and the browser's hydration) shows
 * what the cache holds; once on screen, an enabled query without data fetches.
 */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const qc = useQueryClient();
  const { queryKey } = options;
  const read = () => qc.getState(queryKey);
  const state = useSyncExternalStore(qc.subscribe, read, read);
  const latest = useRef(options);
  latest.current = options;
  const enabled = options.enabled !== false;
  // One key object while the key is equal, so a new array of the same values does not observe again.
  const sameKey = useRef(queryKey);
  if (hashKey(sameKey.current) !== hashKey(queryKey)) sameKey.current = queryKey;
  const key = sameKey.current;
  useEffect(() => {
    if (!enabled) return;
    return qc.observe(key, () => latest.current.queryFn());
  }, [qc, key, enabled]);
  return {
    data: state.data,
    error: state.error,
    status: state.status,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    isFetching: state.isFetching,
  } as QueryResult<T>;
}
