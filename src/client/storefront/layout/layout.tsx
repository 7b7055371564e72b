import type { ReactNode } from 'react';
import { Toaster } from '../../ui/toast.tsx';
import { CartDrawer } from '../cart/cart-drawer-lazy.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollManager } from './scroll-manager.tsx';

export function StorefrontLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ScrollManager />
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      <CartDrawer />
      <Toaster />
    </div>
  );
}
