import { lazy, Suspense } from 'react';
import { useWhenIdle } from '../lib/when-idle.ts';
import type { SheetProps } from './sheet-impl.tsx';

const SheetImpl = lazy(() => import('./sheet-impl.tsx'));

/**
 * A side panel over a backdrop (Radix Dialog). Its code loads when the browser is idle or when it
 * first opens, so it is not part of the first page load.
 */
export function Sheet(props: SheetProps) {
  const ready = useWhenIdle(props.open);
  return ready ? (
    <Suspense fallback={null}>
      <SheetImpl {...props} />
    </Suspense>
  ) : null;
}
