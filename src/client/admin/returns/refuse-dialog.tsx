import { Dialog } from 'radix-ui';
import { AdminDialog } from '../lib/admin-dialog.tsx';
import { type FormEvent, useId, useState } from 'react';
import { ReturnRefuseBodySchema } from '#shared/returns-schemas.ts';
import { type AdminReturn, RETURN_REFUSAL_MAX } from '#shared/returns.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { useRefuseReturnMutation } from './api/refuse-return.ts';

/** "Refuse" on a requested return: the reason, checked by the server's own schema, that the customer reads. */
export function RefuseDialog({ ret, onClose }: { ret: AdminReturn; onClose(): void }) {
  const id = useId();
  const refuse = useRefuseReturnMutation(ret);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReturnRefuseBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(undefined);
    refuse.mutate(parsed.data.reason, { onSuccess: onClose });
  };

  return (
    <AdminDialog
      title={<>Refuse return {ret.rma}?</>}
      description={<>{ret.customerName} is told by e-mail and on their order page, with your reason. The items stay theirs.</>}
      busy={refuse.isPending}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <div>
          <label htmlFor={`${id}-reason`} className="text-sm font-bold">
            Reason the customer will read<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-reason`}
            rows={4}
            required
            maxLength={RETURN_REFUSAL_MAX}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-reason-count${error ? ` ${id}-reason-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(undefined);
            }}
            className={inputClass}
          />
          <p id={`${id}-reason-count`} className="mt-1 text-xs text-zinc-500">
            {reason.length}/{RETURN_REFUSAL_MAX} characters
          </p>
          {error ? (
            <p id={`${id}-reason-error`} className="mt-1 text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="outline" disabled={refuse.isPending}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={refuse.isPending}>
            {refuse.isPending ? 'Refusing...' : 'Refuse Return'}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
