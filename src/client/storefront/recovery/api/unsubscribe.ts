import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { UnsubscribeView } from '#shared/recovery.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

const path = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** GET /api/unsubscribe/:token: the address the link is for; null when the link opens nothing. */
export async function getUnsubscribe(token: string): Promise<UnsubscribeView | null> {
  try {
    return await api<UnsubscribeView>(path(token));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 414)) return null;
    throw err;
  }
}

/** The query key the server prefetches under (src/client/app/routes.tsx names the same). */
export const unsubscribeQuery = (token: string) =>
  queryOptions({ queryKey: ['unsubscribe', token] as const, queryFn: () => getUnsubscribe(token) });

export const useUnsubscribeView = (token: string) => useQuery(unsubscribeQuery(token));

/** POST /api/unsubscribe/:token: no more reminders to the link's address. */
export const unsubscribe = (token: string) => api<UnsubscribeView>(path(token), { method: 'POST' });
