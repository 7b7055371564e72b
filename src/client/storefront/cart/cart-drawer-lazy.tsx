import { lazy, Suspense } from 'react';
import { useWhenIdle } from '../../lib/when-idle.ts';
import { useCartUi } from './cart-ui.tsx';

const Drawer = lazy(() => import('./drawer/cart-drawer.tsx'));

/** The cart drawer loads when the browser is idle, or at once when it is opened. */
export function CartDrawer() {
  const { open } = useCartUi();
  const ready = useWhenIdle(open);
  return ready ? (
    <Suspense fallback={null}>
      <Drawer />
    </Suspense>
  ) : null;
}
