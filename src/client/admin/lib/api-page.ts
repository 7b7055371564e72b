import { failureOf } from '../../lib/api-client.ts';

/**
 * GET a page of one of the owner's lists: its items, and the address of the next page from the
 * answer's `Link: <…>; rel="next"` (none at the end). Fails as `api()` does, with an ApiError. Kept
 * apart from lib/api-client.ts, whose code the storefront's pages load too.
 */
export async function apiPage<T>(path: string): Promise<{ data: T; next: string | undefined }> {
  const res = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw await failureOf(res);
  const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  return { data: (await res.json()) as T, next };
}
