/** Public pages that are not generated from data (product pages come from the catalog). */
export const SITEMAP_STATIC_PATHS: readonly string[] = ['/'];
