import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRegulatedClaims } from '#shared/regulated-claims.ts';
import type { Article, Block, Inline } from './article-types.ts';
import { ARTICLES } from './articles/index.ts';

/**
 * The store's own copy makes none of the claims the FDA cited (src/shared/regulated-claims.ts,
 * docs/decisions/0050): every text it ships is read, the articles as whole sentences and every
 * other file's strings and JSX text, and a finding fails the suite naming the file and the words.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** What a shopper reads or receives: pages, articles, the seed's products, the e-mails. */
const SHIPPED = [
  'src/content',
  'src/client/storefront',
  'src/client/app',
  'src/db/seed.ts',
  'src/server/lib/mail-layout.tsx',
  ...fs
    .readdirSync(path.join(root, 'src/server/domains'))
    .map((d) => `src/server/domains/${d}/emails`)
    .filter((d) => fs.existsSync(path.join(root, d))),
  'index.html',
];

function filesUnder(rel: string): string[] {
  const abs = path.join(root, rel);
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|html)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(rel, f));
}

/** The texts in a source file: its string literals and the text between JSX tags, comments left out. */
function textsOfSource(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const texts: string[] = [];
  for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    texts.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, ' '));
  }
  for (const m of code.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)) texts.push(m[1]!.replace(/\s+/g, ' '));
  return texts;
}

const inline = (v: Inline): string =>
  typeof v === 'string' ? v : v.map((p) => (typeof p === 'string' ? p : 'strong' in p ? p.strong : p.text)).join('');

function blockTexts(b: Block): string[] {
  switch (b.type) {
    case 'heading':
    case 'subheading':
      return [b.text];
    case 'paragraph':
      return [inline(b.text)];
    case 'list':
      return b.items.map(inline);
    case 'table':
      return [b.caption, ...b.columns, ...b.rows.flat().map(inline)];
    case 'callout':
      return [b.title, inline(b.text)];
    case 'verdict':
      return [b.claim, inline(b.text)];
    case 'faq':
      return b.items.flatMap((i) => [i.q, inline(i.a)]);
    default:
      return [];
  }
}

function articleTexts(a: Article): string[] {
  return [
    a.title,
    a.description,
    a.headline,
    a.kicker,
    a.lead,
    ...a.blocks.flatMap(blockTexts),
    ...(a.cta ? [a.cta.title, a.cta.text] : []),
  ];
}

const findingsIn = (where: string, texts: string[]) =>
  texts.flatMap((t) => findRegulatedClaims(t).map((f) => `${where}: ${f.claim.label} in “${f.match}” — ${f.sentence}`));

describe('the store’s copy', () => {
  const files = SHIPPED.flatMap(filesUnder);

  it('reads every kind of shipped text', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/content/articles/smelling-salts-for-focus.ts',
        'src/db/seed.ts',
        'src/client/storefront/home/hero.tsx',
        'src/client/storefront/product/product-info.tsx',
        'src/server/domains/orders/emails/order-confirmation.tsx',
      ]),
    );
  });

  it('makes none of the claims the FDA cited, in any file', () => {
    const found = files.flatMap((f) => findingsIn(f, textsOfSource(fs.readFileSync(path.join(root, f), 'utf8'))));
    expect(found).toEqual([]);
  });

  it('makes none in any article, read sentence by sentence', () => {
    const found = ARTICLES.flatMap((a) => findingsIn(`article ${a.path}`, articleTexts(a)));
    expect(found).toEqual([]);
  });

  it('would fail on a claim in a page, naming it', () => {
    const page = `export const Hero = () => (\n  <h1 className="x">\n    Boost your energy before every lift\n  </h1>\n);\nconst note = 'Improves athletic performance.';`;
    expect(findingsIn('hero.tsx', textsOfSource(page))).toEqual([
      expect.stringMatching(/^hero\.tsx: “improves athletic performance” in “Improves athletic performance”/),
      expect.stringMatching(/^hero\.tsx: “boosts energy” in “Boost your energy”/),
    ]);
  });

  it('leaves comments out: they are not shipped', () => {
    expect(textsOfSource('// boosts energy\n/* improves focus */\nconst a = 1;')).toEqual([]);
  });
});
