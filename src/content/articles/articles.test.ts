import { describe, expect, it } from 'vitest';
import { CONTENT_PATHS, GUIDE_PATHS } from '#shared/site.ts';
import type { Block, Inline } from '../article-types.ts';
import { ARTICLES, relatedGuides } from './index.ts';

/** Every page a link inside an article may point to. */
const KNOWN_PATHS = new Set(['/', '/contact', ...CONTENT_PATHS]);

function links(v: Inline): string[] {
  return typeof v === 'string' ? [] : v.flatMap((p) => (typeof p === 'object' && 'to' in p ? [p.to] : []));
}

function blockLinks(b: Block): string[] {
  switch (b.type) {
    case 'paragraph':
      return links(b.text);
    case 'list':
      return b.items.flatMap(links);
    case 'table':
      return b.rows.flat().flatMap(links);
    case 'callout':
    case 'verdict':
      return links(b.text);
    case 'faq':
      return b.items.flatMap((i) => links(i.a));
    default:
      return [];
  }
}

describe('articles', () => {
  it('has one article for every content route, guides in the listed order', () => {
    expect(ARTICLES.map((a) => a.path)).toEqual([...CONTENT_PATHS]);
    expect(ARTICLES.filter((a) => a.kind === 'guide').map((a) => a.path)).toEqual([...GUIDE_PATHS]);
  });

  it('gives every page its own title and a description search engines show whole', () => {
    expect(new Set(ARTICLES.map((a) => a.title)).size).toBe(ARTICLES.length);
    expect(new Set(ARTICLES.map((a) => a.description)).size).toBe(ARTICLES.length);
    for (const a of ARTICLES) {
      expect(a.title.length, a.path).toBeLessThanOrEqual(60);
      expect(a.description.length, a.path).toBeGreaterThanOrEqual(100);
      expect(a.description.length, a.path).toBeLessThanOrEqual(165);
    }
  });

  it('links only to pages that exist, with anchors that exist', () => {
    for (const a of ARTICLES) {
      for (const to of a.blocks.flatMap(blockLinks)) {
        const [path = '', hash] = to.split('#');
        expect(KNOWN_PATHS.has(path || '/'), `${a.path} links to ${to}`).toBe(true);
        if (hash && path && path !== '/') {
          const target = ARTICLES.find((x) => x.path === path);
          expect(
            target?.blocks.some((b) => b.type === 'heading' && b.id === hash),
            `${a.path} → ${to}`,
          ).toBe(true);
        }
      }
    }
  });

  it('keeps tables whole and heading ids unique', () => {
    for (const a of ARTICLES) {
      const ids = a.blocks.flatMap((b) => (b.type === 'heading' && b.id ? [b.id] : []));
      expect(new Set(ids).size, a.path).toBe(ids.length);
      for (const b of a.blocks) {
        if (b.type === 'table') for (const row of b.rows) expect(row.length, `${a.path}: ${b.caption}`).toBe(b.columns.length);
      }
    }
  });

  it('ends every guide with a way to the shop and three more guides to read', () => {
    for (const a of ARTICLES.filter((x) => x.kind === 'guide')) {
      expect(a.cta?.to, a.path).toMatch(/^\/(#choose-your-power)?$/);
      const next = relatedGuides(a.path);
      expect(next).toHaveLength(3);
      expect(next.map((r) => r.path)).not.toContain(a.path);
    }
  });
});
