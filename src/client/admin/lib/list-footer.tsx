import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import type { PagedList } from './paged-list.ts';

/**
 * Under a paged list, or in its place when its first page failed: why the list failed, if it did;
 * then "Load more …" while the server says more follow ("Loading..." while that page loads; it also
 * asks again for a next page that failed), or "Try again" for a first page or a refresh that
 * failed; nothing at the end of a list that loaded.
 */
export function ListFooter({
  list,
  label,
  failure,
  shownFor,
  compact = false,
}: {
  list: PagedList<unknown>;
  label: string;
  /** What a failure says when the server says nothing a person can read. */
  failure: string;
  /** Which failures may show the server's own message (errorMessage's rule); left out, any. */
  shownFor?: '4xx';
  /** A list inside a list or a dialog (a customer's orders, a product's stock history): a small button, on the left. */
  compact?: boolean;
}) {
  const more = list.hasMore || list.loadingMore;
  if (!list.error && !more) return null;
  const size = compact ? 'sm' : 'md';
  return (
    <div className={cn('grid gap-3 text-sm', compact ? 'justify-items-start' : 'justify-items-center text-center')}>
      {list.error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error, failure, shownFor)}
        </p>
      ) : null}
      {more ? (
        <Button variant="outline" size={size} disabled={!list.hasMore || list.fetching} onClick={list.loadMore}>
          {list.loadingMore ? 'Loading...' : label}
        </Button>
      ) : (
        <Button variant="outline" size={size} disabled={list.fetching} onClick={list.retry}>
          {list.fetching ? 'Loading...' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
