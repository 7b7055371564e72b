import { useEffect } from 'react';
import { useLocation } from '../../app/router.tsx';
import { HOME_HASH_SCROLL_DELAY_MS } from '#shared/constants.ts';

/** Every page starts at the top; a hash on the home page scrolls to that section after 100 ms. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (pathname === '/' && hash) {
      const id = decodeURIComponent(hash.slice(1));
      const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }), HOME_HASH_SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [pathname, hash]);
  return null;
}
