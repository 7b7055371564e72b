import { type FormEvent, useState } from 'react';
import type { AuditEntry, AuditPage } from '#shared/audit.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { ListFooter } from '../lib/list-footer.tsx';
import { pagedListQuery, usePagedList } from '../lib/paged-list.ts';

/** The actions the filter offers by name; the log holds others too (every admin write's operation). */
const ACTIONS: [string, string][] = [
  ['', 'Everything'],
  ['refundOrder', 'Refunds'],
  ['cancelOrder', 'Cancellations'],
  ['createLabel', 'Labels bought'],
  ['setOrderStatus', 'Status changes'],
  ['eraseCustomer', 'Customers erased'],
  ['saveSettings', 'Settings saved'],
  ['inviteStaff', 'Staff invited'],
  ['changeStaffRole', 'Roles changed'],
  ['removeStaff', 'Staff removed'],
  ['signIn', 'Sign-ins'],
  ['signInFailed', 'Failed sign-ins'],
  ['accessRefused', 'Refused attempts'],
];

/** The owner's Activity view (docs/decisions/0057): who did what, newest first, by who and what. */
export function ActivityTab() {
  const [actorText, setActorText] = useState('');
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const params = new URLSearchParams();
  if (actor) params.set('actor', actor);
  if (action) params.set('action', action);
  const url = `/api/admin/audit${params.size ? `?${params}` : ''}`;
  const list = usePagedList(
    pagedListQuery<AuditPage>(['admin', 'audit'], url),
    (p) => p.entries,
    (e) => e.id,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setActor(actorText.trim());
  };
  return (
    <section aria-labelledby="activity-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <h2 id="activity-heading" className="text-lg font-bold">
        Activity
      </h2>
      <form onSubmit={submit} aria-label="Filter the activity" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="activity-actor" className="text-sm font-bold">
            Who (username)
          </label>
          <input
            id="activity-actor"
            type="search"
            value={actorText}
            onChange={(e) => setActorText(e.target.value)}
            onBlur={() => setActor(actorText.trim())}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="activity-action" className="text-sm font-bold">
            What
          </label>
          <select id="activity-action" value={action} onChange={(e) => setAction(e.target.value)} className={inputClass}>
            {ACTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      {list.loading ? <p role="status">Loading the activity...</p> : null}
      {!list.loading && !list.error && list.items.length === 0 ? <p>Nothing recorded for this choice yet.</p> : null}
      <ol className="grid gap-2" aria-label="Activity, newest first">
        {list.items.map((e) => (
          <EntryRow key={e.id} entry={e} />
        ))}
      </ol>
      <ListFooter list={list} label="Load more activity" failure="The activity could not be loaded. Please try again." />
    </section>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-1 rounded-xl border border-zinc-200 bg-white p-3 text-sm sm:grid-cols-[11rem_10rem_1fr] sm:gap-3">
      <time dateTime={entry.at} className="text-zinc-600">
        {new Date(entry.at).toLocaleString('en-US')}
      </time>
      <span className="font-bold break-words">{entry.actor}</span>
      <span className="min-w-0 break-words">
        {entry.summary}
        <span className="block text-xs text-zinc-500">
          {entry.action} · from {entry.network}
        </span>
      </span>
    </li>
  );
}
