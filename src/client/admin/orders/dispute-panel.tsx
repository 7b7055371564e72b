import type { AdminOrder } from '#shared/admin.ts';
import type { OrderDispute } from '#shared/disputes.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { useOverrideDisputeMutation } from './api/override-dispute.ts';

const STATUS: Record<OrderDispute['status'], string> = {
  warning_needs_response: 'Inquiry: needs your response',
  warning_under_review: 'Inquiry: under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs your response',
  under_review: 'Under review by the bank',
  won: 'Won',
  lost: 'Lost',
};

const OUTCOME: Record<'won' | 'lost', string> = {
  won: 'Won: the payment stays with the store.',
  lost: 'Lost: the bank took the payment back. It is counted out of revenue.',
};

const DUE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The id of the text saying why labels are refused, which the label button points to. */
export const disputeReasonId = (orderId: number) => `order-${orderId}-dispute-reason`;

/**
 * An order's disputes on its card (docs/decisions/0059): amount, reason, status, evidence due date
 * and outcome, a link to answer it in Stripe, and, while labels are refused, why and the override.
 */
export function DisputePanel({ order }: { order: AdminOrder }) {
  const override = useOverrideDisputeMutation(order);
  const d = order.dispute;
  if (!d || d.disputes.length === 0) return null;
  const open = d.disputes.some((x) => x.outcome === null && x.status !== 'warning_closed');
  return (
    <section
      aria-label="Dispute"
      data-testid="order-dispute"
      className={`mt-3 rounded-md border p-3 text-sm ${open ? 'border-red-300 bg-red-50 text-red-900' : 'border-zinc-200 bg-zinc-50'}`}
    >
      <h4 className="font-bold">{open ? 'This payment is disputed' : 'Dispute closed'}</h4>
      {d.disputes.map((x) => (
        <dl key={x.id} className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-4">
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider opacity-70">Amount</dt>
            <dd className="font-semibold">{formatUsd(parseCents(x.amount))}</dd>
          </div>
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider opacity-70">Reason</dt>
            <dd>{x.reason.replace(/_/g, ' ')}</dd>
          </div>
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider opacity-70">Status</dt>
            <dd>{STATUS[x.status]}</dd>
          </div>
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider opacity-70">Evidence due</dt>
            <dd>
              {x.evidenceDueBy && x.outcome === null ? (
                <time dateTime={x.evidenceDueBy}>{DUE.format(new Date(x.evidenceDueBy))}</time>
              ) : (
                '—'
              )}
            </dd>
          </div>
          {x.outcome ? <p className="font-semibold sm:col-span-4">{OUTCOME[x.outcome]}</p> : null}
          <p className="sm:col-span-4">
            <a href={x.stripeUrl} target="_blank" rel="noopener noreferrer" className="font-bold underline">
              {x.outcome === null ? 'Respond in Stripe' : 'View in Stripe'}
            </a>
          </p>
        </dl>
      ))}
      {d.labelsBlocked ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-red-200 pt-3">
          <p id={disputeReasonId(order.id)} className="flex-1 basis-64">
            Labels are off: {d.labelsBlockedReason}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={override.isPending}
            onClick={() => {
              if (
                window.confirm(
                  `Allow labels for order #${order.id} despite its dispute? If the bank takes the payment back, the parcel is lost too.`,
                )
              ) {
                override.mutate(undefined);
              }
            }}
          >
            Allow labels anyway
          </Button>
        </div>
      ) : d.overriddenAt ? (
        <p className="mt-2 text-zinc-700">
          Labels allowed despite the dispute on <time dateTime={d.overriddenAt}>{DUE.format(new Date(d.overriddenAt))}</time>.
        </p>
      ) : null}
    </section>
  );
}
