import { queryOptions, useQuery } from '../../../lib/query.tsx';
import type { ContentPage } from '#shared/content.ts';
import { api } from '../../../lib/api-client.ts';

export const getContent = (path: string) => api<ContentPage>(`/api/content?path=${encodeURIComponent(path)}`);

export const contentQuery = (path: string) =>
  queryOptions({ queryKey: ['content', path] as const, queryFn: () => getContent(path) });

export const useContent = (path: string) => useQuery(contentQuery(path));
