import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { dangerOutline } from '../lib/danger-outline.ts';
import { useAddPasskeyMutation, usePasskeys, useRemovePasskeyMutation } from './api/passkeys.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Passkeys" in Your account (WebAuthn; docs/decisions/0056): a passkey alone signs in. */
export function PasskeysCard() {
  const id = useId();
  const passkeys = usePasskeys();
  const add = useAddPasskeyMutation();
  const remove = useRemovePasskeyMutation();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim() || 'Passkey', { onSuccess: () => setName('') });
  };

  return (
    <section aria-labelledby="account-passkeys" className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h3 id="account-passkeys" className="text-lg font-bold">
        Passkeys
      </h3>
      <p className="text-sm text-zinc-600">
        A passkey signs you in with your fingerprint, face or device PIN, without the password.
      </p>
      {passkeys.data?.length ? (
        <ul className="grid gap-2">
          {passkeys.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-zinc-200 p-3">
              <span>
                <span className="font-bold">{p.name}</span>
                <span className="block text-sm text-zinc-600">
                  Added {day(p.createdAt)}
                  {p.lastUsedAt ? ` · last used ${day(p.lastUsedAt)}` : ' · not used yet'}
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                className={dangerOutline}
                aria-label={`Remove passkey ${p.name}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Remove the passkey "${p.name}"?`)) remove.mutate(p.id);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : passkeys.isSuccess ? (
        <p className="text-sm text-zinc-600">No passkeys yet.</p>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id={`${id}-name`}
          name="passkeyName"
          label="Name for a new passkey"
          optional
          maxLength={60}
          placeholder="Work laptop"
          className="flex-1"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Add a Passkey'}
        </Button>
      </form>
    </section>
  );
}
