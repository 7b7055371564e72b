import { RETURN_STATUSES, type ReturnStatus } from '#shared/returns.ts';
import { ListFooter } from '../lib/list-footer.tsx';
import { Note } from '../lib/note.tsx';
import { useAdminReturns } from './api/get-admin-returns.ts';
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
  const list = useAdminReturns(filter);
  const footer = <ListFooter list={list} label="Load more returns" failure="Failed to load returns" />;

  if (list.loading) return <Note>Loading returns...</Note>;
  if (!list.first) return <Note>{footer}</Note>;
  const { counts } = list.first;
  const total = RETURN_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const shown = list.items;

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
      {footer}
    </div>
  );
}
