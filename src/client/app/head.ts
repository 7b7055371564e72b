import type { PublicConfig } from '#shared/ssr-contract.ts';

export interface Head {
  title: string;
  description: string;
  /** path without query, for the canonical link and og:url */
  path: string;
  ogType?: 'website' | 'product' | 'article';
  jsonLd?: readonly object[];
  noindex?: boolean;
  /** The sharing image (a path on this store); the store's own 1200 × 630 one when unset. */
  image?: { url: string; width: number; height: number };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that cannot close its <script> element. */
const jsonForScript = (v: unknown) =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function renderHead(h: Head, config: PublicConfig): string {
  const url = config.publicUrl + h.path;
  const image = h.image ?? { url: '/og-image.png', width: 1200, height: 630 };
  return [
    `<title>${esc(h.title)}</title>`,
    `<meta name="description" content="${esc(h.description)}">`,
    `<link rel="canonical" href="${esc(url)}">`,
    h.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="Ironwake">`,
    `<meta property="og:type" content="${h.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${esc(h.title)}">`,
    `<meta property="og:description" content="${esc(h.description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    `<meta property="og:image" content="${esc(config.publicUrl + image.url)}">`,
    `<meta property="og:image:width" content="${image.width}"><meta property="og:image:height" content="${image.height}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${esc(h.title)}">`,
    `<meta name="twitter:description" content="${esc(h.description)}">`,
    ...(h.jsonLd ?? []).map((d) => `<script type="application/ld+json">${jsonForScript(d)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}
