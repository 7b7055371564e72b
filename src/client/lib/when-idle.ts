import { useEffect, useState } from 'react';

/**
 * True once the browser is idle after hydration (or at once when `now` is true). Parts that are not
 * needed for the first paint (cart drawer, menu, toasts) load then, outside the initial bundle.
 */
export function useWhenIdle(now = false): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (now) {
      setReady(true);
      return;
    }
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(t);
  }, [now, ready]);
  return ready || now;
}
