import './styles.css';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './router.tsx';
import type { PublicConfig, SsrQueryState } from '#shared/ssr-contract.ts';
import { makeQueryClient } from '../lib/query-client.ts';
import { App, matchRoute } from './app.tsx';
import { ROUTES } from './routes.tsx';
import { captureIslands } from './static-island.tsx';

captureIslands(); // before React touches the DOM
const qc = makeQueryClient();
// The server's query cache, so the first render matches the server's HTML without refetching.
qc.hydrate((window.__RQ_STATE__ ?? []) as SsrQueryState);
const config = window.__PUBLIC_CONFIG__ as PublicConfig;
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

/** Once the whole tree has hydrated, the clicks the page held until then are replayed (ssr.ts bootScript). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    // After this commit has settled (a task later), so every handler is in place.
    const t = setTimeout(() => (window as Window & { __IW_REPLAY__?: (() => void) | null }).__IW_REPLAY__?.(), 0);
    return () => clearTimeout(t);
  }, []);
  return children;
}

function start(el: HTMLElement) {
  hydrateRoot(
    el,
    <StrictMode>
      <Hydrated>
        <BrowserRouter>
          <App qc={qc} config={config} />
        </BrowserRouter>
      </Hydrated>
    </StrictMode>,
  );
  // First-party analytics first (a short visit must still count, docs/decisions/0014), then the
  // other pages' chunks, one per idle period (all at once made a long task on slow phones), so
  // navigating to them is instant.
  const idle = (cb: () => void) =>
    window.requestIdleCallback ? window.requestIdleCallback(cb, { timeout: 5000 }) : setTimeout(cb, 1500);
  const tasks = [
    () => import('../analytics/start.ts').then((m) => m.startAnalytics(config)),
    ...ROUTES.map((r) => () => r.page.preload()),
  ];
  const next = () => {
    const task = tasks.shift();
    if (!task) return;
    idle(() => {
      task()
        .catch(() => {})
        .finally(next);
    });
  };
  next();
}

// The current page's chunk (already fetched through the modulepreload link the server sent) must be
// loaded before hydration so the first render matches the server's HTML.
matchRoute(window.location.pathname)
  .route.page.preload()
  .catch((e: unknown) => console.error('Failed to load the page', e))
  .finally(() => start(root));
