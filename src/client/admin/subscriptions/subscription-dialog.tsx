import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { AdminDialog } from '../lib/admin-dialog.tsx';
import { Note } from '../lib/note.tsx';
import { StatusBadge } from '../lib/status-badge.tsx';
import { useSubscriptionAction, useSubscriptionDetail } from './api/subscriptions.ts';
import { DATE, every, TONE } from './subscription-format.ts';

/** One subscription: who, what, its card, its orders and its history, with the owner's Pause and Cancel. */
export function SubscriptionDialog({ id, onClose }: { id: number; onClose(): void }) {
  const detail = useSubscriptionDetail(id);
  const action = useSubscriptionAction(id);
  const d = detail.data;
  return (
    <AdminDialog
      title={`Subscription #${id}`}
      description={
        d ? `${d.name || d.email}, ${d.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}, ${every(d.intervalWeeks)}` : ''
      }
      busy={action.isPending}
      onClose={onClose}
      size="xl"
    >
      {!d ? (
        <div className="px-5 pb-5">
          <Note>{detail.isError ? 'Failed to load the subscription' : 'Loading...'}</Note>
        </div>
      ) : (
        <div className="grid gap-4 px-5 pb-5 pt-3 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge tone={TONE[d.status]}>{d.status}</StatusBadge>
            {d.status === 'active' ? <span>Next renewal {DATE.format(new Date(d.nextRenewalAt))}</span> : null}
            <span>{d.discountPercent}% off</span>
            {d.askFirst ? <span>asks before each renewal</span> : null}
            <span>{d.card ? `Card ending ${d.card.last4}` : 'No card'}</span>
          </div>
          <p>
            {d.email}
            {d.phone ? ` · ${d.phone}` : ''}
            <br />
            {d.shipTo.join(', ')}
          </p>
          <section aria-label="Orders">
            <h3 className="font-bold">Orders</h3>
            <ul className="mt-1 grid gap-1">
              {d.orders.map((o) => (
                <li key={o.id}>
                  #{o.id} · {o.renewal ? 'renewal' : 'first order'} · {DATE.format(new Date(o.placedAt))} · {o.status} ·{' '}
                  {formatUsd(parseCents(o.total))}
                </li>
              ))}
            </ul>
          </section>
          <section aria-label="History">
            <h3 className="font-bold">History</h3>
            <ol className="mt-1 grid max-h-64 gap-1 overflow-y-auto">
              {d.history.map((h) => (
                <li key={`${h.at}-${h.kind}-${h.detail}`}>
                  <span className="text-zinc-500">{DATE.format(new Date(h.at))}</span> · {h.detail}{' '}
                  <span className="text-zinc-500">({h.actor})</span>
                </li>
              ))}
            </ol>
          </section>
          {d.status === 'cancelled' ? null : (
            <div className="flex flex-wrap gap-3">
              {d.status === 'active' ? (
                <Button variant="outline" disabled={action.isPending} onClick={() => action.mutate('pause')}>
                  Pause
                </Button>
              ) : null}
              <Button variant="danger" disabled={action.isPending} onClick={() => action.mutate('cancel')}>
                Cancel subscription
              </Button>
            </div>
          )}
        </div>
      )}
    </AdminDialog>
  );
}
