import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiPage } from './api-page.ts';

/** A page of one of the owner's lists: what the server answered, and the next page's address (its Link header) while more follow. */
export interface ListPage<P> {
  data: P;
  next: string | undefined;
}

/** The options of a paged list's infinite query, as `pagedListQuery` makes them (with the list's own additions). */
export type PagedListOptions<P> = UseInfiniteQueryOptions<
  ListPage<P>,
  Error,
  InfiniteData<ListPage<P>, string>,
  QueryKey,
  string
>;

/**
 * One of the owner's lists as one infinite query under `key`: the first page at `url`, each next one
 * at the address the page before gave in its `Link: <…>; rel="next"` header. A new filter or search
 * is a new `url`, and the list shown before stays on screen until the new list's first page comes,
 * with its cards and any dialog open on one (`keepPreviousData` needs the one observer of an
 * infinite query: under `useQueries` each page has an observer of its own, new with each key, and it
 * keeps nothing; TanStack/query#7051). A refresh asks again for every page loaded, from the first:
 * none repeats or goes missing.
 */
export const pagedListQuery = <P>(key: QueryKey, url: string) =>
  infiniteQueryOptions<ListPage<P>, Error, InfiniteData<ListPage<P>, string>, QueryKey, string>({
    queryKey: [...key, url],
    queryFn: ({ pageParam }) => apiPage<P>(pageParam),
    initialPageParam: url,
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
  });

/** A paged list as its tab shows it. */
export interface PagedList<T, P = unknown> {
  /** The items of every page loaded, first to last, each once; none while the first page loads. */
  items: T[];
  /** The first page as the server sent it (a list's figures come with it); none until it comes. */
  first: P | undefined;
  /** The first page is loading: nothing to show yet. */
  loading: boolean;
  /** A new filter, a refresh or a next page is being asked for. */
  fetching: boolean;
  /** The last failure: of the first page (nothing to show), of a refresh or of a next page. */
  error: Error | null;
  /** The server says more follow. */
  hasMore: boolean;
  /** A page asked for with "Load more" is loading. */
  loadingMore: boolean;
  loadMore(): void;
  /** Asks again for the pages loaded, from the first (after a failed first page or refresh). */
  retry(): void;
}

/**
 * The one way the dashboard pages a list: the infinite query of `pagedListQuery` (with the list's
 * own options), its pages' items flattened by `itemsOf` and kept once by `idOf` (a row added while
 * pages load comes first on the next refresh and would otherwise show twice).
 */
export function usePagedList<P, T>(
  options: PagedListOptions<P>,
  itemsOf: (page: P) => readonly T[],
  idOf: (item: T) => string | number,
): PagedList<T, P> {
  const q = useInfiniteQuery(options);
  const seen = new Set<string | number>();
  const items = (q.data?.pages ?? []).flatMap((p) => itemsOf(p.data)).filter((i) => !seen.has(idOf(i)) && seen.add(idOf(i)));
  return {
    items,
    first: q.data?.pages[0]?.data,
    loading: q.isPending,
    fetching: q.isFetching,
    error: q.error,
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
    retry: () => void q.refetch(),
  };
}
