import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import type { PagedList } from './paged-list.ts';

/**
 * Under a paged list: why its last page or its refresh failed, if one did; then "Load more …" while
 * the server says more follow, "Loading..." while a page asked for with it loads, nothing at the end.
 */
export function LoadMore({
  list,
  label,
  failure,
  compact = false,
}: {
  list: PagedList<unknown>;
  label: string;
  /** What a failure says when the server says nothing a person can read. */
  failure: string;
  /** A list inside a list (a customer's orders): a small button, on the left. */
  compact?: boolean;
}) {
  return (
    <>
      {list.error ? (
        <p role="alert" className={`text-sm text-red-700 ${compact ? '' : 'text-center'}`}>
          {errorMessage(list.error, failure)}
        </p>
      ) : null}
      {list.hasMore || list.loadingMore ? (
        <Button
          variant="outline"
          size={compact ? 'sm' : 'md'}
          className={compact ? 'justify-self-start' : 'justify-self-center'}
          disabled={!list.hasMore || list.fetching}
          onClick={list.loadMore}
        >
          {list.loadingMore ? 'Loading...' : label}
        </Button>
      ) : null}
    </>
  );
}
