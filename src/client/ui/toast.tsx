import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useWhenIdle } from '../lib/when-idle.ts';
import { EMPTY, snapshot, subscribe } from './toast-store.ts';

export { toast } from './toast-store.ts';
export type { ToastInput } from './toast-store.ts';

const RadixToaster = lazy(() => import('./toaster.tsx'));

/** Loads the Radix toaster when the browser is idle, or at once when a toast is waiting. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const ready = useWhenIdle(items.length > 0);
  return ready ? (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  ) : null;
}
