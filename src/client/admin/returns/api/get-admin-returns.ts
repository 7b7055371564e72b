import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminReturn, RETURN_STATUSES, type ReturnStatus } from '#shared/returns.ts';
import { apiPage } from '../../lib/api-page.ts';
import { pagedListQuery, usePagedList } from '../../lib/paged-list.ts';

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

/**
 * The pages loaded so far of a filter: the first, then one per "Load more returns" (each the Link of
 * the one before); only while the Returns tab is open.
 */
export const adminReturnsQuery = (filter: string) =>
  pagedListQuery<AdminReturnsPage>([...ADMIN_RETURNS_KEY, 'pages'], adminReturnsUrl(filter));

/** The returns, each once (one requested while pages load comes first on the next refresh), and the first page's counts. */
export const useAdminReturns = (filter: string) =>
  usePagedList(
    adminReturnsQuery(filter),
    (page) => page.returns,
    (r) => r.id,
  );

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
