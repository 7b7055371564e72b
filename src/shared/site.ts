/** The guides, in the order the store lists them. Their texts live in src/content/articles/. */
export const GUIDE_PATHS = [
  '/education',
  '/safety',
  '/about',
  '/smelling-salts-vs-pre-workout',
  '/smelling-salts-for-focus',
  '/homemade-vs-store-bought',
  '/smelling-salts-legal',
  '/smelling-salts-myths-facts',
] as const;

/** Privacy policy, terms of service and legal notice (docs/engineering.md §9). */
export const LEGAL_PATHS = ['/privacy', '/terms', '/legal'] as const;

/** Every page rendered from src/content (a guide or a legal page). */
export const CONTENT_PATHS: readonly string[] = [...GUIDE_PATHS, ...LEGAL_PATHS];

/** Public pages that are not generated from data (product pages come from the catalog). */
export const SITEMAP_STATIC_PATHS: readonly string[] = ['/', '/contact', ...CONTENT_PATHS];

/** The owner's dashboard: never tracked, never indexed. */
export const isAdminPathname = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
