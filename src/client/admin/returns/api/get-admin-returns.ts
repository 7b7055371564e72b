import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { type AdminReturn, RETURN_STATUSES, type ReturnStatus } from '#shared/returns.ts';
import { apiPage } from '../../lib/api-page.ts';

/** Every page of the Returns tab and its counts are under this key: a decision or a receipt refreshes them. */
export const ADMIN_RETURNS_KEY = ['admin', 'returns'] as const;

/** A page of returns and how many there are of each status (whatever the page's filter). */
export interface AdminReturnsPage {
  returns: AdminReturn[];
  counts: Record<ReturnStatus, number>;
}

const isStatus = (v: string): v is ReturnStatus => (RETURN_STATUSES as readonly string[]).includes(v);

/** GET /api/admin/returns: the first page of a filter ('all' is every return). */
export function adminReturnsUrl(filter: string): string {
  return isStatus(filter) ? `/api/admin/returns?status=${filter}` : '/api/admin/returns';
}

/** One page of returns with the counts, and the next page's address (the Link header) when more follow. */
export const getAdminReturnsPage = (url: string) => apiPage<AdminReturnsPage>(url);

/** One page, by its address; only while the Returns tab is open. */
export const adminReturnsPageQuery = (url: string, first: boolean) =>
  queryOptions({
    queryKey: [...ADMIN_RETURNS_KEY, 'pages', url] as const,
    queryFn: () => getAdminReturnsPage(url),
    // A new filter keeps the list on screen until its answer comes.
    placeholderData: first ? keepPreviousData : undefined,
  });

/** The pages asked for so far: the first, then one per "Load more returns" (each the Link of the one before). */
export const useAdminReturnsPages = (urls: readonly string[]) =>
  useQueries({ queries: urls.map((url, i) => adminReturnsPageQuery(url, i === 0)) });

/**
 * The counts alone, for the tab's label and its filter whichever tab is open: a page of one return,
 * so the dashboard does not load a whole page to count. Asked again every minute, so a new request
 * shows on the tab while the owner works elsewhere.
 */
export const returnCountsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_RETURNS_KEY, 'counts'] as const,
    queryFn: async () => (await getAdminReturnsPage('/api/admin/returns?limit=1')).data.counts,
    refetchInterval: 60_000,
  });

export const useReturnCounts = (enabled: boolean) => useQuery({ ...returnCountsQuery(), enabled });
