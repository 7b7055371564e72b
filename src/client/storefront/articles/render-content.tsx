import { renderToStaticMarkup } from 'react-dom/server';
import type { ContentPage } from '#shared/content.ts';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import type { Article, Block, Inline } from '#content/article-types.ts';
import { findArticle, relatedGuides } from '#content/articles/index.ts';
import { ArticleBody } from './article-body.tsx';

// Server only: imported by entry-server.tsx, never by the browser bundle.

const inlineText = (v: Inline): string =>
  typeof v === 'string' ? v : v.map((p) => (typeof p === 'string' ? p : 'strong' in p ? p.strong : p.text)).join('');

function blockText(b: Block): string {
  switch (b.type) {
    case 'heading':
    case 'subheading':
      return b.text;
    case 'paragraph':
      return inlineText(b.text);
    case 'list':
      return b.items.map(inlineText).join(' ');
    case 'table':
      return b.rows.flat().map(inlineText).join(' ');
    case 'callout':
      return `${b.title} ${inlineText(b.text)}`;
    case 'verdict':
      return `${b.claim} ${inlineText(b.text)}`;
    case 'faq':
      return b.items.map((i) => `${i.q} ${inlineText(i.a)}`).join(' ');
    default:
      return '';
  }
}

/** Minutes to read at 220 words a minute, at least one. */
export function readingMinutes(article: Article): number {
  const words = [article.lead, ...article.blocks.map(blockText)].join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

export function renderContent(path: string, config: PublicConfig): ContentPage | null {
  const article = findArticle(path);
  if (!article) return null;
  const related = article.kind === 'guide' ? relatedGuides(path) : [];
  return {
    path: article.path,
    kind: article.kind,
    title: article.title,
    description: article.description,
    headline: article.headline,
    kicker: article.kicker,
    lead: article.lead,
    published: article.published,
    updated: article.updated,
    readingMinutes: readingMinutes(article),
    html: renderToStaticMarkup(<ArticleBody article={article} related={related} config={config} />),
  };
}
