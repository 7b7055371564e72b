import { X } from 'lucide';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { ReturnRefuseBodySchema } from '#shared/returns-schemas.ts';
import { type AdminReturn, RETURN_REFUSAL_MAX } from '#shared/returns.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
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
    <Dialog.Root open onOpenChange={(open) => !open && !refuse.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-bold">Refuse return {ret.rma}?</Dialog.Title>
            <Dialog.Close
              className="-mr-2 -mt-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-zinc-100"
              aria-label="Close"
              disabled={refuse.isPending}
            >
              <Icon node={X} className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-zinc-700">
            {ret.customerName} is told by e-mail and on their order page, with your reason. The items stay theirs.
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
