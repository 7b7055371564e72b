import { type QueryClient, QueryClientProvider } from '../lib/query.tsx';
import { type ReactNode, Suspense, useEffect } from 'react';
import { matchPath, Route, Routes, useLocation } from './router.tsx';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import { PublicConfigProvider, usePublicConfig } from '../lib/public-config.tsx';
import { CartUiProvider } from '../storefront/cart/cart-ui.tsx';
import { StorefrontLayout } from '../storefront/layout/layout.tsx';
import type { Head } from './head.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { ADMIN_ROUTE, type AppRoute, isAdminPath, NOT_FOUND_ROUTE, ROUTES, type RouteContext } from './routes.tsx';

/** The route for a path and its params (the not-found route when none matches). */
export function matchRoute(pathname: string): { route: AppRoute; params: Record<string, string | undefined> } {
  if (isAdminPath(pathname)) return { route: ADMIN_ROUTE, params: {} };
  for (const route of ROUTES) {
    const m = matchPath(route.path, pathname);
    if (m) return { route, params: m.params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

export function headFor(
  pathname: string,
  qc: QueryClient,
  config: PublicConfig,
): { head: Head; ctx: RouteContext; route: AppRoute } {
  const { route, params } = matchRoute(pathname);
  const ctx: RouteContext = { qc, params, path: pathname, config };
  return { head: route.head(ctx), ctx, route };
}

/** Keeps the title and canonical link right when the browser navigates without a page load. */
function HeadManager({ qc }: { qc: QueryClient }) {
  const { pathname } = useLocation();
  const config = usePublicConfig();
  useEffect(() => {
    const apply = () => {
      const { head } = headFor(pathname, qc, config);
      if (document.title !== head.title) document.title = head.title;
      document.querySelector('link[rel="canonical"]')?.setAttribute('href', config.publicUrl + head.path);
    };
    apply();
    return qc.subscribe(apply);
  }, [pathname, qc, config]);
  return null;
}

export function App({ qc, config, children }: { qc: QueryClient; config: PublicConfig; children?: ReactNode }) {
  return (
    <QueryClientProvider client={qc}>
      <PublicConfigProvider value={config}>
        <CartUiProvider>
          {children}
          <HeadManager qc={qc} />
          <Shell />
        </CartUiProvider>
      </PublicConfigProvider>
    </QueryClientProvider>
  );
}

/** The dashboard replaces the storefront's layout; everything else is a storefront page. */
function Shell() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    return (
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <ADMIN_ROUTE.page.Page />
      </Suspense>
    );
  }
  return (
    <StorefrontLayout>
      <PageRoutes />
    </StorefrontLayout>
  );
}

function PageRoutes() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<div className="min-h-[70vh]" aria-busy="true" />}>
        <Routes>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<r.page.Page />} />
          ))}
          <Route path="*" element={<NOT_FOUND_ROUTE.page.Page />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
