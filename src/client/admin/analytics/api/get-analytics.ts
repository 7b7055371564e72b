import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, AnalyticsResponse } from '#shared/analytics-types.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/analytics?range=: the figures of the Analytics tab for a period, computed by the server
 * from first-party data. The period is always sent: without one the API answers 7 days.
 */
export const getAnalytics = (range: AnalyticsRange) => api<AnalyticsResponse>(`/api/analytics?range=${range}`);

/**
 * Refetched every 60 s while the tab is open; docs/product.md §8 words its failures. While another
 * period loads, the figures on screen stay.
 */
export const analyticsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', range] as const,
    queryFn: () => getAnalytics(range),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    meta: {
      sessionEnded: { title: 'Analytics Error', description: 'Admin session expired. Please refresh the page and log in again.' },
      failure: (err) => ({
        title: 'Analytics Error',
        description: `Error loading analytics: ${err instanceof Error ? err.message : String(err)}`,
      }),
    },
  });

export const useAnalytics = (range: AnalyticsRange) => useQuery(analyticsQuery(range));
