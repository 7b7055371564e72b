import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptJsonAnswer, type OnceJson, onceJson } from '../lib/answers.ts';

/** Paths whose page holds a shopper's own data or keys, or a step of a purchase: rendered for each request. */
const PRIVATE_PREFIXES = [
  '/orders/',
  '/recover/',
  '/reorder/',
  '/unsubscribe/',
  '/subscriptions/',
  '/checkout',
  '/order-confirmation',
  '/order-status',
  '/admin',
];

/**
 * Whether a page may be served from the cache: the same for every visitor (no query, which may carry
 * a key or a campaign's tags, and no shopper's page).
 */
export function isSharedPage(url: string): boolean {
  return !url.includes('?') && !PRIVATE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** A page kept for every visitor: its bytes (each encoding made once) and its inline script's CSP hash. */
export interface KeptPage {
  text: OnceJson;
  /** `sha256-…` of the page's one inline script, for its Content-Security-Policy. */
  scriptHash: string;
}

/** Keeps a rendered page whose one inline script's text is `script`. */
export function keptPage(html: string, script: string): KeptPage {
  return { text: onceJson(html), scriptHash: `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}` };
}

/**
 * A kept page as one request gets it: its inline script allowed by its hash, in the encoding the
 * request accepts (each made once), or `304` when the browser holds that encoding's bytes.
 */
export function sendKeptPage(req: FastifyRequest, reply: FastifyReply, page: KeptPage) {
  const answer = keptJsonAnswer(page.text, req.headers, 'no-cache', 'text/html; charset=utf-8');
  return reply
    .allowInlineScript(page.scriptHash)
    .status(answer.status)
    .headers({ ...answer.headers, vary: 'Sec-GPC, Accept-Encoding' })
    .send(answer.body);
}

interface Entry {
  /** The product list the page was rendered from (the catalog's cached value: a new object at each change). */
  products: unknown;
  at: number;
  page: KeptPage;
}

/**
 * The storefront's shared pages (home, products, guides, contact) as last rendered, per URL and
 * public configuration (which holds the browser's privacy signal and the owner's settings). A page
 * is served again while the catalog's product list is the one it was rendered from (a price, stock
 * or product change on any instance makes a new list) and for `maxAgeMs` at most, which bounds how
 * late a newly approved review's rating shows. Only pages answered 200 are kept, at most
 * `maxEntries` (the oldest go first), so unknown addresses cannot fill it.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxAgeMs = 5_000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, products: unknown): KeptPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.products !== products || this.now() - entry.at >= this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.page;
  }

  /** Keeps a page (the same bytes its first answer was sent from). */
  set(key: string, products: unknown, page: KeptPage): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { products, at: this.now(), page });
  }
}
