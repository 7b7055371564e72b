import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsResponse } from '#shared/analytics-types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/analytics: the figures of the Analytics tab, computed by the server from first-party data. */
export const getAnalytics = () => api<AnalyticsResponse>('/api/analytics');

/** Refetched every 60 s while the tab is open; docs/product.md §8 words its failures. */
export const analyticsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'analytics'] as const,
    queryFn: getAnalytics,
    refetchInterval: 60_000,
    meta: {
      sessionEnded: { title: 'Analytics Error', description: 'Admin session expired. Please refresh the page and log in again.' },
      failure: (err) => ({
        title: 'Analytics Error',
        description: `Error loading analytics: ${err instanceof Error ? err.message : String(err)}`,
      }),
    },
  });

export const useAnalytics = () => useQuery(analyticsQuery());
