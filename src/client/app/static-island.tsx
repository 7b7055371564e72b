import { type ComponentType, lazy, type MouseEvent, Suspense, useMemo } from 'react';
import { useLocation, useNavigate } from './router.tsx';

/**
 * Static islands: parts of a page that never change after the server rendered them (the footer, the
 * body of a guide or legal page). The browser keeps the server's HTML instead of downloading the
 * components that made it: each island's HTML is read from the page before React hydrates
 * (docs/decisions/0006, 0008).
 */
const islands = new Map<string, string>();

/**
 * On the server, the components behind the islands, registered by entry-server.tsx: the browser
 * bundle never imports them statically, so they stay out of its first load.
 */
const serverIslands = new Map<string, ComponentType>();

export function registerServerIslands(components: Record<string, ComponentType>): void {
  for (const [id, component] of Object.entries(components)) serverIslands.set(id, component);
}

/** The server's content of an island (server render only). */
export function ServerIsland({ id }: { id: string }) {
  const Component = serverIslands.get(id);
  return Component ? <Component /> : null;
}

/** Called by entry-client.tsx before hydration. */
export function captureIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const id = el.dataset.island;
    if (id) islands.set(id, el.innerHTML);
  }
}

export function islandHtml(id: string): string {
  return islands.get(id) ?? '';
}

/**
 * A click handler for plain links inside server HTML: the store's own links navigate without a page
 * load; "/#section" on the home page scrolls there (docs/product.md §2 quick links).
 */
export function followStoreLinks(navigate: (to: string) => void, pathname: string) {
  return (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href?.startsWith('/') || a.target || e.defaultPrevented || e.button !== 0) return;
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const hash = href.startsWith('/#') ? href.slice(2) : null;
    if (hash && pathname === '/') {
      document.getElementById(hash)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      history.replaceState(null, '', href);
      return;
    }
    navigate(href);
  };
}

/**
 * A static island inside a page: the server renders the component registered under `id`; the
 * browser keeps that HTML on the first load and, on a later navigation where there is none, loads
 * the component with `load`.
 */
export function Island({ id, load }: { id: string; load: () => Promise<ComponentType> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const html = import.meta.env.SSR ? '' : islandHtml(id);
  const Lazy = useMemo(() => lazy(async () => ({ default: await load() })), [load]);
  const onClick = followStoreLinks(navigate, pathname);
  if (import.meta.env.SSR) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: links inside keep their own behaviour
      <div data-island={id} onClick={onClick}>
        <ServerIsland id={id} />
      </div>
    );
  }
  if (html) {
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: links inside keep their own behaviour
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own HTML for this island, read from this page
    return <div data-island={id} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: links inside keep their own behaviour
    <div data-island={id} onClick={onClick}>
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <Lazy />
      </Suspense>
    </div>
  );
}
