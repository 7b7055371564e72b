import { type FormEvent, useId, useState } from 'react';
import { ReturnRefuseBodySchema } from '#shared/returns-schemas.ts';
import { type AdminReturn, RETURN_REFUSAL_MAX } from '#shared/returns.ts';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { AdminField } from '../lib/admin-field.tsx';
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
        <AdminField
          id={`${id}-reason`}
          label="Reason the customer will read"
          required
          hint={`${reason.length}/${RETURN_REFUSAL_MAX} characters`}
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={RETURN_REFUSAL_MAX}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(undefined);
              }}
            />
          )}
        </AdminField>
        <DialogActions submitLabel="Refuse Return" busyLabel="Refusing..." busy={refuse.isPending} danger />
      </form>
    </AdminDialog>
  );
}
