import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookCreateBodySchema,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '#shared/webhooks.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { AdminField } from '../lib/admin-field.tsx';
import { copyText } from '../lib/copy-text.ts';
import { useCreateWebhookMutation } from './api/webhooks.ts';

/** The secret of the endpoint just added: shown this once, with a button that copies it. */
function SecretShown({ made }: { made: WebhookEndpointWithSecret }) {
  const id = useId();
  return (
    <div className="grid gap-4 px-5 py-4">
      <AdminField
        id={`${id}-secret`}
        label="Signing secret"
        hint="Your receiver checks each request's webhook-signature with it (Standard Webhooks). The store shows it only now: copy it before you close this."
      >
        {(control) => (
          <textarea
            {...control}
            className={`${control.className} resize-none break-all font-mono text-sm`}
            readOnly
            rows={2}
            value={made.secret}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </AdminField>
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4">
        <Button variant="outline" onClick={() => void copyText(made.secret, 'Secret')}>
          Copy Secret
        </Button>
        <Dialog.Close asChild>
          <Button>Done</Button>
        </Dialog.Close>
      </div>
    </div>
  );
}

/** "Add Endpoint": its URL and the events it takes; then its secret, once. */
export function AddWebhookDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const create = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.paid']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = WebhookCreateBodySchema.safeParse({ url, events });
    if (!parsed.success) {
      const found: { url?: string; events?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'events' ? 'events' : 'url';
        found[key] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(found.url ? `${id}-url` : `${id}-events-first`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onError: (err) => {
        setErrors({ url: errorMessage(err, 'The endpoint could not be added. Try again.', '4xx') });
        document.getElementById(`${id}-url`)?.focus();
      },
    });
  };

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((list) => (on ? [...list, event] : list.filter((x) => x !== event)));

  if (create.data) {
    return (
      <AdminDialog title="Endpoint added" description={`Events go to ${create.data.url}.`} onClose={onClose}>
        <SecretShown made={create.data} />
      </AdminDialog>
    );
  }
  return (
    <AdminDialog
      title="Add a webhook endpoint"
      description="The store sends each chosen event to this address as a signed POST, within seconds, and retries for a day when it fails."
      busy={create.isPending}
      onClose={onClose}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <AdminField
          id={`${id}-url`}
          label="Endpoint URL"
          required
          hint="An https address on the internet, such as https://hooks.example.com/ironwake."
          error={errors.url}
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="grid gap-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
          <legend className="mb-1 text-sm font-semibold">Events to send</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((event, i) => (
              <label key={event} className="flex items-start gap-2 rounded-md border border-zinc-200 px-3 py-2 text-sm">
                <input
                  id={i === 0 ? `${id}-events-first` : undefined}
                  type="checkbox"
                  className="mt-0.5 size-4 accent-zinc-900"
                  checked={events.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                />
                <span>
                  <span className="block font-medium">{WEBHOOK_EVENT_LABELS[event]}</span>
                  <span className="block font-mono text-xs text-zinc-600">{event}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.events ? (
            <p id={`${id}-events-error`} className="text-sm font-semibold text-danger">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <DialogActions submitLabel="Add Endpoint" busyLabel="Adding..." busy={create.isPending} />
      </form>
    </AdminDialog>
  );
}
