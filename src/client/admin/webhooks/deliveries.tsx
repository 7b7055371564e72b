import type { WebhookDelivery } from '#shared/webhooks.ts';
import { Button } from '../../ui/button.tsx';
import { StatusBadge, type StatusTone } from '../lib/status-badge.tsx';
import { useDeliveries, useResendMutation } from './api/webhooks.ts';

const TONE: Record<WebhookDelivery['status'], StatusTone> = {
  delivered: 'good',
  pending: 'waiting',
  sending: 'underway',
  failed: 'bad',
};
const LABEL: Record<WebhookDelivery['status'], string> = {
  delivered: 'Delivered',
  pending: 'Retrying',
  sending: 'Sending',
  failed: 'Failed',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What the last attempt got: the receiver's status, or why none came. */
function outcome(d: WebhookDelivery): string {
  const tries = d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`;
  const last = d.lastStatusCode !== null ? `answered ${d.lastStatusCode}` : (d.lastError ?? 'not tried yet');
  const next = d.nextAttemptAt && d.status === 'pending' && d.attempts > 0 ? `; next try ${when(d.nextAttemptAt)}` : '';
  return `${tries}, ${last}${next}`;
}

/** An endpoint's newest deliveries, each with Resend (the same event, with the same webhook-id). */
export function Deliveries({ endpointId }: { endpointId: number }) {
  const list = useDeliveries(endpointId);
  const resend = useResendMutation(endpointId);
  if (list.isPending) return <p className="text-sm text-zinc-600">Loading deliveries...</p>;
  if (list.isError) return <p className="text-sm text-red-700">Failed to load deliveries</p>;
  if (list.data.length === 0)
    return <p className="text-sm text-zinc-600">Nothing sent yet. Events appear here as they happen.</p>;
  return (
    <ul className="grid gap-2" aria-label="Recent deliveries">
      {list.data.map((d) => (
        <li
          key={d.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-zinc-200 px-3 py-2"
        >
          <div className="grid min-w-0 gap-0.5 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-semibold">{d.eventType}</span>
              <StatusBadge tone={TONE[d.status]}>{LABEL[d.status]}</StatusBadge>
            </p>
            <p className="text-zinc-600">
              {when(d.createdAt)} · {outcome(d)}
            </p>
            <p className="break-all font-mono text-xs text-zinc-500">{d.eventId}</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={d.status === 'sending' || (resend.isPending && resend.variables === d.id)}
            onClick={() => resend.mutate(d.id)}
          >
            Resend <span className="sr-only">{`${d.eventType} of ${when(d.createdAt)}`}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
