import type { ContentPage } from '#shared/content.ts';

/** schema.org Article for a guide (server-rendered pages only). */
export function articleJsonLd(c: ContentPage, publicUrl: string): object {
  const org = { '@type': 'Organization', name: 'Ironwake', url: publicUrl };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: c.headline,
    description: c.description,
    datePublished: c.published,
    dateModified: c.updated,
    author: org,
    publisher: { ...org, logo: { '@type': 'ImageObject', url: `${publicUrl}/icon-512.png` } },
    image: [`${publicUrl}/og-image.png`],
    mainEntityOfPage: { '@type': 'WebPage', '@id': `${publicUrl}${c.path}` },
  };
}
