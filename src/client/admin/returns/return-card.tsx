import { type ReactNode, useState } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import type { AdminReturn, ReturnLabel, ReturnStatus } from '#shared/returns.ts';
import { Button } from '../../ui/button.tsx';
import { StatusBadge, type StatusTone } from '../lib/status-badge.tsx';
import { useApproveReturnMutation } from './api/approve-return.ts';
import { ReceiveDialog } from './receive-dialog.tsx';
import { RefuseDialog } from './refuse-dialog.tsx';
import { useCan } from '../session/api/get-me.ts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => <time dateTime={iso}>{WHEN.format(new Date(iso))}</time>;

const TONE: Record<ReturnStatus, StatusTone> = { requested: 'waiting', approved: 'underway', refused: 'bad', received: 'good' };

const DECISION: Partial<Record<ReturnStatus, string>> = { approved: 'Approved', refused: 'Refused', received: 'Approved' };

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-bold uppercase tracking-wider text-zinc-500">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** What the parcel travels with: a prepaid carrier label, or the slip the shopper posts it with. */
function LabelFact({ label }: { label: ReturnLabel }) {
  return (
    <Fact term="Return label">
      {label.prepaid ? (
        <>
          <span className="block">
            Prepaid {[label.carrier, label.service].filter(Boolean).join(' ')}
            {label.cost ? ` · ${formatUsd(parseCents(label.cost))}` : ''}
          </span>
          {label.trackingNumber ? (
            <span className="block font-mono">
              {label.trackingUrl ? (
                <a
                  href={label.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Track ${label.trackingNumber}${label.carrier ? ` with ${label.carrier}` : ''}`}
                  className="break-all underline"
                >
                  {label.trackingNumber}
                </a>
              ) : (
                label.trackingNumber
              )}
            </span>
          ) : null}
        </>
      ) : (
        <span className="block">Return slip (the shopper pays the postage; refund it on receipt)</span>
      )}
      <a href={label.url} target="_blank" rel="noopener" className="mt-1 inline-block font-bold underline">
        View Label
      </a>
    </Fact>
  );
}

/** One return in the Returns tab: who, what and why; where it stands; the owner's next step. */
export function ReturnCard({ ret: r, onOpenOrder }: { ret: AdminReturn; onOpenOrder: (id: number) => void }) {
  const approve = useApproveReturnMutation(r);
  const can = useCan();
  const [dialog, setDialog] = useState<'refuse' | 'receive' | null>(null);
  const id = `return-${r.id}`;

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-mono text-base font-bold">
            {r.rma}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-600">
            <span>
              Order{' '}
              <button
                type="button"
                aria-label={`Open order #${r.orderId}`}
                onClick={() => onOpenOrder(r.orderId)}
                className="min-h-6 font-mono font-bold text-zinc-900 underline"
              >
                #{r.orderId}
              </button>
            </span>
            <span aria-hidden="true">·</span>
            <span>Requested {when(r.requestedAt)}</span>
          </p>
        </div>
        <StatusBadge tone={TONE[r.status]}>{r.statusLabel}</StatusBadge>
      </div>

      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
        <Fact term="Customer">
          <span className="block font-semibold">{r.customerName}</span>
          <span className="block break-all">{r.email ?? 'No e-mail given'}</span>
        </Fact>
        <Fact term="Items">
          <ul>
            {r.items.map((i) => (
              <li key={i.productId}>
                {i.quantity} × {i.name}
              </li>
            ))}
          </ul>
          <span className="mt-1 block font-bold">Value {formatUsd(parseCents(r.value))}</span>
        </Fact>
        <Fact term="Customer’s reason">
          <blockquote className="whitespace-pre-line italic">“{r.reason}”</blockquote>
        </Fact>
        {r.refusal ? (
          <Fact term="Refused because">
            <span className="whitespace-pre-line">{r.refusal}</span>
          </Fact>
        ) : null}
        {r.label ? <LabelFact label={r.label} /> : null}
        {r.arrivedAt ? <Fact term="Arrived">The carrier delivered it back {when(r.arrivedAt)}</Fact> : null}
        {r.decidedAt ? (
          <Fact term={DECISION[r.status] ?? 'Decided'}>
            {r.decidedBy ? `By ${r.decidedBy}, ` : ''}
            {when(r.decidedAt)}
          </Fact>
        ) : null}
        {r.receivedAt ? (
          <Fact term="Received">
            <span className="block">{when(r.receivedAt)}</span>
            <span className="block">Restocked: {r.restocked ? 'yes' : 'no'}</span>
            <span className="block font-bold">
              {r.refunded ? `Refunded ${formatUsd(parseCents(r.refunded))}` : 'Refund not confirmed yet'}
            </span>
          </Fact>
        ) : null}
      </dl>

      {r.labelMissing ? (
        <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          <strong className="font-semibold">Approved, but the return label could not be made. Make Label to try again.</strong>
        </p>
      ) : null}

      {(r.status === 'requested' && can('returns.decide')) || (r.status === 'approved' && can('returns.receive')) ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-zinc-100 pt-4">
          {r.status === 'requested' ? (
            <>
              <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate()}>
                {approve.isPending ? 'Approving...' : 'Approve'}
              </Button>
              <Button variant="outline" size="sm" disabled={approve.isPending} onClick={() => setDialog('refuse')}>
                Refuse
              </Button>
            </>
          ) : (
            <>
              {r.labelMissing && can('returns.decide') ? (
                <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate()}>
                  {approve.isPending ? 'Making label...' : 'Make Label'}
                </Button>
              ) : null}
              <Button
                variant={r.labelMissing ? 'outline' : 'primary'}
                size="sm"
                disabled={approve.isPending}
                onClick={() => setDialog('receive')}
              >
                Receive
              </Button>
            </>
          )}
        </div>
      ) : null}
      {dialog === 'refuse' ? <RefuseDialog ret={r} onClose={() => setDialog(null)} /> : null}
      {dialog === 'receive' ? <ReceiveDialog ret={r} onClose={() => setDialog(null)} /> : null}
    </article>
  );
}
