import { X } from 'lucide';
import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Icon } from '../../ui/icon.tsx';

/**
 * A dashboard dialog (docs/engineering.md §10): a Radix dialog over a dimmed page, its title and a
 * "Close" button on a bar, a sentence below it, then the dialog's own content. It cannot be closed
 * while `busy` (a request it started is under way). However it closes, the keyboard goes back to
 * what had it when it opened (the button that opened it), while that is still on the page.
 */
export function AdminDialog({
  title,
  description,
  busy = false,
  onClose,
  wide = false,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  busy?: boolean;
  onClose(): void;
  /** A dialog with a list or a table (the refund's lines): a little wider. */
  wide?: boolean;
  children: ReactNode;
}) {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
            e.preventDefault();
            opener.focus();
          }}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none',
            wide ? 'max-w-lg' : 'max-w-md',
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
