import { useEffect, useRef } from 'react';
import { useLocation } from '../../app/router.tsx';
import { HOME_HASH_SCROLL_DELAY_MS } from '#shared/constants.ts';

/**
 * Every page starts at the top; a hash on the home page scrolls to that section after 100 ms.
 * The page the browser loaded already starts at the top (the browser restores no position:
 * `scrollRestoration` is manual), so it is not scrolled again when the app comes alive: a shopper
 * who scrolled while the scripts loaded stays where they are, under the button they are tapping.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const loaded = useRef<string | null>(`${pathname}${hash}`);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    const first = loaded.current === `${pathname}${hash}`;
    if (!first) loaded.current = null;
    if (pathname === '/' && hash) {
      const id = decodeURIComponent(hash.slice(1));
      const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }), HOME_HASH_SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (first) return undefined;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [pathname, hash]);
  return null;
}
