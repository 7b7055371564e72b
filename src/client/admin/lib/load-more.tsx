import { Button } from '../../ui/button.tsx';

/**
 * The button under a paged list: "Load more …" while the server says more follow (`next`, its Link),
 * "Loading..." while a page asked for with it loads, nothing at the end.
 */
export function LoadMore({
  next,
  fetching,
  loadingMore,
  label,
  onMore,
}: {
  next: string | undefined;
  /** The last page is being fetched (a refresh, or the page asked for). */
  fetching: boolean;
  /** A page asked for with this button is loading. */
  loadingMore: boolean;
  label: string;
  onMore: (next: string) => void;
}) {
  if (!next && !loadingMore) return null;
  return (
    <Button variant="outline" className="justify-self-center" disabled={!next || fetching} onClick={() => next && onMore(next)}>
      {loadingMore ? 'Loading...' : label}
    </Button>
  );
}
