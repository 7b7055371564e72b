import { useRef, useState } from 'react';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '#shared/webhooks.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../lib/admin-dialog.tsx';
import { dangerOutline } from '../lib/danger-outline.ts';
import { StatusBadge } from '../lib/status-badge.tsx';
import { AddWebhookDialog } from './add-webhook-dialog.tsx';
import { useDeleteWebhookMutation, useUpdateWebhookMutation, useWebhooks } from './api/webhooks.ts';
import { Deliveries } from './deliveries.tsx';

function DeleteWebhookDialog({
  endpoint,
  onClose,
  fallbackFocus,
}: {
  endpoint: WebhookEndpoint;
  onClose(): void;
  fallbackFocus: React.RefObject<HTMLElement | null>;
}) {
  const remove = useDeleteWebhookMutation(endpoint);
  return (
    <ConfirmDialog
      title="Delete this endpoint?"
      description={`No more events go to ${endpoint.url}, and its delivery history is deleted. This cannot be undone.`}
      pending={remove.isPending}
      error={remove.isError ? remove.error : null}
      failure="The endpoint could not be deleted. Try again."
      cancelLabel="Keep Endpoint"
      submitLabel="Delete Endpoint"
      busyLabel="Deleting..."
      onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  );
}

function EndpointCard({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete(): void }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateWebhookMutation(endpoint);
  const panel = `webhook-${endpoint.id}-deliveries`;
  return (
    <li className="grid gap-3 rounded-lg border border-zinc-200 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-mono text-sm font-semibold">{endpoint.url}</p>
        <StatusBadge tone={endpoint.enabled ? 'good' : 'idle'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</StatusBadge>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Events sent">
        {endpoint.events.map((e) => (
          <li key={e} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs text-zinc-700">
            {WEBHOOK_EVENT_LABELS[e]}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
          {open ? 'Hide Deliveries' : 'Recent Deliveries'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button variant="outline" size="sm" className={dangerOutline} onClick={onDelete}>
          Delete <span className="sr-only">{endpoint.url}</span>
        </Button>
      </div>
      {open ? (
        <div id={panel}>
          <Deliveries endpointId={endpoint.id} />
        </div>
      ) : null}
    </li>
  );
}

/** Settings' Webhooks section (docs/decisions/0058): the endpoints that receive the store's events. */
export function WebhooksSection() {
  const list = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = (list.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;
  return (
    <section className="mt-6 grid gap-4 rounded-xl border border-zinc-200 bg-white p-5" aria-labelledby="webhooks-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="webhooks-heading" className="text-lg font-bold">
            Webhooks
          </h2>
          <p className="text-sm text-zinc-600">
            Send orders, returns and low-stock alerts to your accounting, fulfilment or spreadsheet tools as they happen. Each
            request is signed (Standard Webhooks); see the API guide for what each event carries.
          </p>
        </div>
        <Button ref={addButton} onClick={() => setAdding(true)} disabled={full}>
          Add Endpoint
        </Button>
      </div>
      {list.isPending ? (
        <p className="text-sm text-zinc-600">Loading endpoints...</p>
      ) : list.isError ? (
        <p className="text-sm text-red-700">Failed to load endpoints</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-zinc-600">No endpoints yet.</p>
      ) : (
        <ul className="grid gap-3">
          {list.data.map((e) => (
            <EndpointCard key={e.id} endpoint={e} onDelete={() => setDeleting(e)} />
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-zinc-600">A store can have {WEBHOOK_ENDPOINTS_MAX} endpoints; delete one to add another.</p>
      ) : null}
      {adding ? <AddWebhookDialog onClose={() => setAdding(false)} /> : null}
      {deleting ? <DeleteWebhookDialog endpoint={deleting} onClose={() => setDeleting(null)} fallbackFocus={addButton} /> : null}
    </section>
  );
}
