import type { PublicConfig } from '#shared/ssr-contract.ts';

export interface Head {
  title: string;
  description: string;
  /** path without query, for the canonical link and og:url */
  path: string;
  ogType?: 'website' | 'product' | 'article';
  jsonLd?: readonly object[];
  noindex?: boolean;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that cannot close its <script> element. */
const jsonForScript = (v: unknown) =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function renderHead(h: Head, config: PublicConfig): string {
  const url = config.publicUrl + h.path;
  const image = `${config.publicUrl}/og-image.png`;
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
    `<meta property="og:image" content="${esc(image)}">`,
    '<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${esc(h.title)}">`,
    `<meta name="twitter:description" content="${esc(h.description)}">`,
    ...(h.jsonLd ?? []).map((d) => `<script type="application/ld+json">${jsonForScript(d)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}
