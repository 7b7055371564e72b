import { RETURN_STATUSES, type ReturnStatus } from '#shared/returns.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { LoadMore } from '../lib/load-more.tsx';
import { Note } from '../lib/note.tsx';
import { usePagedList } from '../lib/paged-list.ts';
import { type AdminReturnsPage, adminReturnsQuery } from './api/get-admin-returns.ts';
import { ReturnCard } from './return-card.tsx';

export const RETURN_FILTERS = [
  { value: 'all', label: 'All Returns' },
  { value: 'requested', label: 'Requested' },
  { value: 'approved', label: 'Approved' },
  { value: 'refused', label: 'Refused' },
  { value: 'received', label: 'Received' },
] as const;

/** The filter's choices with how many each lists, once the counts are known. */
export function returnFilterOptions(counts: Record<ReturnStatus, number> | undefined) {
  return RETURN_FILTERS.map((f) => {
    if (!counts) return { value: f.value, label: f.label };
    const n = f.value === 'all' ? RETURN_STATUSES.reduce((sum, s) => sum + counts[s], 0) : counts[f.value];
    return { value: f.value, label: `${f.label} (${n})` };
  });
}

/**
 * The Returns tab (docs/decisions/0037): the shoppers' returns, newest first, 50 at a time with "Load
 * more returns", filtered by status on the server; each is approved or refused, then received and
 * refunded when the parcel is back.
 */
export function ReturnsTab({ filter, onOpenOrder }: { filter: string; onOpenOrder: (id: number) => void }) {
  // Fetched only while the Returns tab is open: the tab's content mounts only then.
  const list = usePagedList<AdminReturnsPage>(adminReturnsQuery(filter));
  const head = list.pages[0];

  if (list.loading) return <Note>Loading returns...</Note>;
  if (!head) return <Note>{errorMessage(list.error, 'Failed to load returns')}</Note>;
  const total = RETURN_STATUSES.reduce((sum, s) => sum + head.counts[s], 0);
  // Once each: a return requested while pages load comes first on the next refresh, and is not shown twice.
  const seen = new Set<number>();
  const shown = list.pages.flatMap((p) => p.returns).filter((r) => !seen.has(r.id) && seen.add(r.id));

  if (total === 0) return <Note>No returns yet</Note>;
  if (shown.length === 0) return <Note>No returns match your filter</Note>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Returns" aria-busy={list.fetching}>
        {shown.map((r) => (
          <li key={r.id}>
            <ReturnCard ret={r} onOpenOrder={onOpenOrder} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Load more returns" failure="Failed to load returns" />
    </div>
  );
}
