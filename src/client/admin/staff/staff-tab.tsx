import { type FormEvent, useState } from 'react';
import { ROLE_LABELS, ROLE_SUMMARIES, ROLES, type Role, type StaffInvited, type StaffMember } from '#shared/staff.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { ConfirmDialog } from '../lib/admin-dialog.tsx';
import { copyText } from '../lib/copy-text.ts';
import { useMe } from '../session/api/get-me.ts';
import { useChangeRoleMutation, useInviteMutation, useRemoveMutation, useStaff } from './api/staff.ts';

/** The owner's Staff tab (docs/decisions/0057): who may sign in, with what role; invite, change, remove. */
export function StaffTab() {
  const staff = useStaff();
  const me = useMe();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <section aria-labelledby="staff-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <h2 id="staff-heading" className="text-lg font-bold">
        Staff
      </h2>
      <InviteForm />
      {staff.isPending ? <p role="status">Loading staff...</p> : null}
      {staff.error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(staff.error, 'The staff could not be loaded. Please try again.')}
        </p>
      ) : null}
      <ul className="grid gap-2">
        {(staff.data ?? []).map((m) => (
          <MemberRow key={m.id} member={m} self={m.username === me.data?.username} onRemove={() => setRemoving(m)} />
        ))}
      </ul>
      {removing ? <RemoveDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

function MemberRow({ member, self, onRemove }: { member: StaffMember; self: boolean; onRemove(): void }) {
  const change = useChangeRoleMutation();
  const id = `staff-role-${member.id}`;
  return (
    <li className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-white p-4">
      <div className="min-w-40 flex-1">
        <p className="font-bold break-all">
          {member.username}
          {self ? <span className="font-normal text-zinc-600"> (you)</span> : null}
        </p>
        <p className="text-sm text-zinc-600">
          {member.active ? 'Active' : 'Invited: has not set a password yet'} · since{' '}
          {new Date(member.createdAt).toLocaleDateString('en-US')}
        </p>
      </div>
      <label htmlFor={id} className="text-sm font-bold">
        Role
      </label>
      <select
        id={id}
        value={change.isPending && change.variables ? change.variables.role : member.role}
        disabled={change.isPending}
        onChange={(e) => change.mutate({ id: member.id, role: e.target.value as Role })}
        className="min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-2"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <Button variant="outline" size="sm" onClick={onRemove}>
        Remove<span className="sr-only"> {member.username}</span>
      </Button>
    </li>
  );
}

function InviteForm() {
  const invite = useInviteMutation();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('fulfilment');
  const [invited, setInvited] = useState<StaffInvited | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { username: username.trim(), role },
      {
        onSuccess: (m) => {
          setInvited(m);
          setUsername('');
        },
      },
    );
  };
  const error = invite.error
    ? errorMessage(invite.error, 'The member could not be invited. Please try again.', '4xx')
    : undefined;
  return (
    <div className="min-w-0 rounded-xl border border-zinc-200 bg-white p-4">
      <h3 className="font-bold">Invite a member</h3>
      <p className="text-sm text-zinc-600">
        They get a link to choose their password (valid 24 hours, once). Give it to them yourself: it is shown only now.
      </p>
      <ul className="mt-2 grid gap-1 text-sm text-zinc-600">
        {ROLES.map((r) => (
          <li key={r}>
            <strong className="text-zinc-900">{ROLE_LABELS[r]}</strong>: {ROLE_SUMMARIES[r]}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id="invite-username"
          label="Username"
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={error}
          className="flex-1"
        />
        <div>
          <label htmlFor="invite-role" className="text-sm font-bold">
            Role
          </label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)} className={inputClass}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting...' : 'Invite'}
        </Button>
      </form>
      {invited ? (
        <div className="mt-4 grid min-w-0 gap-2 rounded-md bg-amber-50 p-3 text-sm" role="status">
          <p>
            <strong>{invited.username}</strong> is invited as {invited.role}. Their link to set a password:
          </p>
          <label htmlFor="invite-link" className="sr-only">
            Set-password link for {invited.username}
          </label>
          <input id="invite-link" readOnly value={invited.setPasswordUrl} className={`${inputClass} min-w-0 font-mono text-xs`} />
          <div>
            <Button size="sm" variant="outline" onClick={() => void copyText(invited.setPasswordUrl, 'The link')}>
              Copy Link
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function RemoveDialog({ member, onClose }: { member: StaffMember; onClose(): void }) {
  const remove = useRemoveMutation();
  return (
    <ConfirmDialog
      title={<>Remove {member.username}?</>}
      description="They are signed out at once and can no longer sign in. What they did stays in the Activity view under their name."
      pending={remove.isPending}
      error={remove.error}
      failure="The member could not be removed. Please try again."
      submitLabel="Remove Member"
      busyLabel="Removing..."
      onConfirm={() => remove.mutate(member, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
