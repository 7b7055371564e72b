import { type ComponentType, lazy } from 'react';

export interface LazyPage {
  /** the page's source file, relative to the project root: the key of its chunk in Vite's manifest */
  source: string;
  /** renders the page: at once when loaded, else suspends until its chunk arrives */
  Page: ComponentType;
  /** loads the page's chunk (before hydration, on the server before rendering, and on idle) */
  preload(): Promise<void>;
}

/**
 * A page in a chunk of its own, so each page's first load carries only its own code. The server
 * and the browser both preload the current page before rendering, so server HTML and hydration
 * render the same tree without a Suspense fallback; later navigations suspend briefly, if at all.
 */
export function lazyPage(source: string, load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then((component) => {
      Loaded = component;
    });
    return pending;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  function Page() {
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return { source, Page, preload };
}
