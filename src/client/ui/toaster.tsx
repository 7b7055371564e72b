import { X } from 'lucide';
import { Icon } from './icon.tsx';
import * as T from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { cn } from '../lib/cn.ts';
import { dismiss, EMPTY, snapshot, subscribe } from './toast-store.ts';

/** Radix toasts: 5 s, swipe right past 50 px to dismiss, F8 focuses the notification area. */
export default function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  return (
    <T.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {items.map((t) => (
        <T.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'relative flex gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive' ? 'border-danger bg-danger text-white' : 'border-line bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            <T.Title className="text-sm font-bold">{t.title}</T.Title>
            {t.description ? <T.Description className="text-sm opacity-90">{t.description}</T.Description> : null}
          </div>
          <T.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <Icon node={X} className="size-4" />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none" />
    </T.Provider>
  );
}
