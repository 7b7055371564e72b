import { X } from 'lucide';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';

const WIDTH = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' } as const;

/**
 * A dashboard dialog (docs/engineering.md §10): a Radix dialog over a dimmed page, its title and a
 * "Close" button on a bar, a sentence below it, then the dialog's own content. It cannot be closed
 * while `busy` (a request it started is under way). However it closes, the keyboard goes back to
 * what had it when it opened (the button that opened it), while that is still on the page; when it
 * is gone (the row it was on was deleted), to `fallbackFocus`.
 */
export function AdminDialog({
  title,
  description,
  busy = false,
  onClose,
  size = 'md',
  fallbackFocus,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  busy?: boolean;
  onClose(): void;
  /** md: a form; lg: a form with a list (the refund's lines); xl: a table (the stock history). */
  size?: keyof typeof WIDTH;
  /** Where the keyboard goes when what opened the dialog is no longer on the page. */
  fallbackFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            const back = opener instanceof HTMLElement && opener.isConnected ? opener : fallbackFocus?.current;
            if (!back?.isConnected) return;
            e.preventDefault();
            back.focus();
          }}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none',
            WIDTH[size],
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-zinc-100"
              aria-label="Close"
              disabled={busy}
            >
              <Icon node={X} className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="px-5 pt-3 text-sm text-zinc-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog's last row: the way out (it closes the dialog, as Escape does), then the action, which
 * says what it is doing while `busy`. The action submits the dialog's form, or runs `onAct` where
 * the dialog has no form.
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  submitLabel,
  busyLabel,
  busy,
  danger = false,
  disabled = false,
  onAct,
}: {
  cancelLabel?: string;
  submitLabel: ReactNode;
  busyLabel: string;
  busy: boolean;
  /** The action cannot be undone: red. */
  danger?: boolean;
  /** The action cannot be taken yet (nothing chosen, nothing left). */
  disabled?: boolean;
  onAct?: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4">
      <Dialog.Close asChild>
        <Button variant="outline" disabled={busy}>
          {cancelLabel}
        </Button>
      </Dialog.Close>
      <Button
        type={onAct ? 'button' : 'submit'}
        variant={danger ? 'danger' : 'primary'}
        disabled={busy || disabled}
        onClick={onAct}
      >
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * A confirmation before something that cannot be undone (delete a code, an endpoint; remove a
 * member): the dialog, the request's failure in words, and its two buttons. "Keep …" (or Escape)
 * changes nothing; the red action runs `onConfirm` and the dialog closes when it succeeds.
 */
export function ConfirmDialog({
  title,
  description,
  pending,
  error,
  failure,
  cancelLabel,
  submitLabel,
  busyLabel,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  title: ReactNode;
  description: ReactNode;
  pending: boolean;
  /** The request's failure, shown as `errorMessage` words it (the server's message for a 4xx, else `failure`). */
  error: unknown;
  failure: string;
  cancelLabel?: string;
  submitLabel: string;
  busyLabel: string;
  onConfirm(): void;
  onClose(): void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <AdminDialog title={title} description={description} busy={pending} onClose={onClose} fallbackFocus={fallbackFocus}>
      <div className="grid gap-4 px-5 py-4">
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errorMessage(error, failure, '4xx')}
          </p>
        ) : null}
        <DialogActions
          cancelLabel={cancelLabel}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          busy={pending}
          danger
          onAct={onConfirm}
        />
      </div>
    </AdminDialog>
  );
}
