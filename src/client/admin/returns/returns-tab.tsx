import { useState } from 'react';
import { RETURN_STATUSES, type ReturnStatus } from '#shared/returns.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { LoadMore } from '../lib/load-more.tsx';
import { adminReturnsUrl, useAdminReturnsPages } from './api/get-admin-returns.ts';
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

function Note({ children }: { children: string }) {
  return <p className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">{children}</p>;
}

/**
 * The Returns tab (docs/decisions/0037): the shoppers' returns, newest first, 50 at a time with "Load
 * more returns", filtered by status on the server; each is approved or refused, then received and
 * refunded when the parcel is back.
 */
export function ReturnsTab({ filter, onOpenOrder }: { filter: string; onOpenOrder: (id: number) => void }) {
  const first = adminReturnsUrl(filter);
  const [loaded, setLoaded] = useState<{ first: string; urls: string[] }>({ first, urls: [] });
  const more = loaded.first === first ? loaded.urls : [];
  // Fetched only while the Returns tab is open: the tab's content mounts only then.
  const pages = useAdminReturnsPages([first, ...more]);
  const head = pages[0];
  const last = pages.at(-1);
  const next = last?.isSuccess ? last.data.next : undefined;
  const failed = pages.find((p) => p.isError)?.error;

  if (head?.isPending) return <Note>Loading returns...</Note>;
  if (!head?.data) return <Note>{errorMessage(failed, 'Failed to load returns')}</Note>;
  const counts = head.data.data.counts;
  const total = RETURN_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  // Once each: a return requested while pages load comes first on the next refresh, and is not shown twice.
  const seen = new Set<number>();
  const shown = pages.flatMap((p) => p.data?.data.returns ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id));

  if (total === 0) return <Note>No returns yet</Note>;
  if (shown.length === 0) return <Note>No returns match your filter</Note>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Returns" aria-busy={pages.some((p) => p.isFetching)}>
        {shown.map((r) => (
          <li key={r.id}>
            <ReturnCard ret={r} onOpenOrder={onOpenOrder} />
          </li>
        ))}
      </ul>
      {failed ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {errorMessage(failed, 'Failed to load returns')}
        </p>
      ) : null}
      <LoadMore
        next={next}
        fetching={Boolean(last?.isFetching)}
        loadingMore={more.length > 0 && Boolean(last?.isFetching)}
        label="Load more returns"
        onMore={(url) => setLoaded({ first, urls: [...more, url] })}
      />
    </div>
  );
}
