import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiPage } from './api-page.ts';

/** A page of one of the owner's lists: its items, and the next page's address (its Link header) while more follow. */
export interface ListPage<T> {
  data: T;
  next: string | undefined;
}

/**
 * One of the owner's lists as one infinite query under `key`: the first page at `url`, each next one
 * at the address the page before gave. A new filter or search is a new `url`, and the list shown
 * before stays on screen until the new list's first page comes, with its cards and any dialog open
 * on one (`keepPreviousData` needs the one observer of an infinite query: under `useQueries` each
 * page has an observer of its own, new with each key, and it keeps nothing; TanStack/query#7051).
 * A refresh asks again for every page loaded, from the first: none repeats or goes missing.
 */
export const pagedListQuery = <T>(key: QueryKey, url: string) =>
  infiniteQueryOptions<ListPage<T>, Error, InfiniteData<ListPage<T>, string>, QueryKey, string>({
    queryKey: [...key, url],
    queryFn: ({ pageParam }) => apiPage<T>(pageParam),
    initialPageParam: url,
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
  });

/** A paged list as its tab shows it. */
export interface PagedList<T> {
  /** Each loaded page's items, first to last; none while the first page loads. */
  pages: T[];
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
}

export function usePagedList<T>(
  options: UseInfiniteQueryOptions<ListPage<T>, Error, InfiniteData<ListPage<T>, string>, QueryKey, string>,
): PagedList<T> {
  const q = useInfiniteQuery(options);
  return {
    pages: q.data?.pages.map((p) => p.data) ?? [],
    loading: q.isPending,
    fetching: q.isFetching,
    error: q.error,
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
  };
}
