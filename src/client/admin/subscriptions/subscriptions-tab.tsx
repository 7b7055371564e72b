import { useState } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import { ListFooter } from '../lib/list-footer.tsx';
import { Note } from '../lib/note.tsx';
import { StatusBadge } from '../lib/status-badge.tsx';
import { useAdminSubscriptions, useSubscriptionsSummary } from './api/subscriptions.ts';
import { SubscriptionDialog } from './subscription-dialog.tsx';
import { DATE, every, TONE } from './subscription-format.ts';

const FILTERS = [
  { value: 'all', label: 'All Subscriptions' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

/**
 * The Subscriptions tab (docs/decisions/0054): the figures (counts, due within a week, failing,
 * monthly recurring revenue, churn), the list newest first with a status filter, 50 at a time; a row
 * opens its history with Pause and Cancel.
 */
export function SubscriptionsTab() {
  const [status, setStatus] = useState('all');
  const [open, setOpen] = useState<number | null>(null);
  const summary = useSubscriptionsSummary();
  const list = useAdminSubscriptions(status);
  const s = summary.data;
  const figures: [string, string][] = s
    ? [
        ['Active', String(s.active)],
        ['Paused', String(s.paused)],
        ['Cancelled', String(s.cancelled)],
        ['Renewing in 7 days', String(s.dueNext7Days)],
        ['Failed payments', String(s.failing)],
        ['Monthly recurring revenue', formatUsd(parseCents(s.mrr))],
        ['Churn (30 days)', `${s.churn}%`],
      ]
    : [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-busy={summary.isPending}>
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-zinc-200 bg-white p-3">
            <dt className="text-xs font-bold uppercase tracking-wider text-zinc-500">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <label className="flex items-center justify-end gap-2 text-sm font-bold">
        Show
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2.5 font-normal sm:w-48"
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {list.loading ? (
        <Note>Loading subscriptions...</Note>
      ) : list.items.length === 0 ? (
        <Note>{list.error ? 'Failed to load subscriptions' : 'No subscriptions match this filter'}</Note>
      ) : (
        <ul className="grid min-w-0 grid-cols-1 gap-2" aria-label="Subscriptions" aria-busy={list.fetching}>
          {list.items.map((sub) => (
            <li key={sub.id}>
              <button
                type="button"
                onClick={() => setOpen(sub.id)}
                className="grid w-full min-w-0 gap-1 rounded-xl border border-zinc-200 bg-white p-4 text-left hover:border-zinc-400 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <span>
                  <span className="font-bold">
                    {sub.name || sub.email} <span className="break-all font-normal text-zinc-600">· {sub.email}</span>
                  </span>
                  <span className="block text-sm text-zinc-600">
                    {sub.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} · {every(sub.intervalWeeks)}
                    {sub.status === 'active' ? ` · next ${DATE.format(new Date(sub.nextRenewalAt))}` : ''}
                  </span>
                  {sub.failedAttempts > 0 && sub.status !== 'cancelled' ? (
                    <span className="block text-sm font-semibold text-red-700">
                      Payment failed {sub.failedAttempts}×{sub.lastFailure ? `: ${sub.lastFailure}` : ''}
                    </span>
                  ) : null}
                </span>
                <StatusBadge tone={TONE[sub.status]} className="justify-self-start sm:justify-self-end">
                  {sub.status}
                </StatusBadge>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ListFooter list={list} label="Load more subscriptions" failure="Failed to load subscriptions" />
      {open !== null ? <SubscriptionDialog id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
