import { X } from 'lucide';
import { Icon } from './icon.tsx';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  side?: 'left' | 'right';
  children: ReactNode;
  footer?: ReactNode;
}

/** A side panel (loaded lazily through sheet.tsx) over a backdrop (Radix Dialog): focus trapped, Escape and backdrop click close it. */
export default function SheetImpl({ open, onOpenChange, title, description, side = 'right', children, footer }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="sheet-backdrop" className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className={cn(
            'fixed top-0 z-50 flex h-full w-[88%] max-w-md flex-col bg-paper shadow-2xl outline-none',
            side === 'right' ? 'right-0' : 'left-0',
          )}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-display text-lg uppercase tracking-wide">{title}</Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-md hover:bg-sand" aria-label="Close">
              <Icon node={X} className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={description ? 'px-5 pt-3 text-sm text-muted' : 'sr-only'}>
            {description ?? title}
          </Dialog.Description>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="border-t border-line px-5 py-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
