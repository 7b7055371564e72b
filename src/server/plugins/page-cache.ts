/** Where a page's CSP nonce goes in a rendered page: replaced by each request's own when it is sent. */
export const NONCE_SLOT = '\u0000nonce\u0000';

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

interface Entry {
  /** The product list the page was rendered from (the catalog's cached value: a new object at each change). */
  products: unknown;
  at: number;
  /** The page's UTF-8 bytes split at its nonce slots. */
  parts: Buffer[];
}

/** A page's UTF-8 bytes split at its nonce slots, to be joined with each request's nonce. */
export function splitAtNonce(html: string): Buffer[] {
  return html.split(NONCE_SLOT).map((part) => Buffer.from(part, 'utf8'));
}

/** The page's bytes with `nonce` in every slot: one copy of the bytes, no string to encode again. */
export function withNonce(parts: readonly Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0] as Buffer;
  const slot = Buffer.from(nonce, 'latin1');
  const out = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.length, 0) + slot.length * (parts.length - 1));
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) at += slot.copy(out, at);
    at += part.copy(out, at);
  });
  return out;
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

  get(key: string, products: unknown): Buffer[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.products !== products || this.now() - entry.at >= this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.parts;
  }

  /** Keeps a page's bytes as `splitAtNonce` made them (the same parts its first answer was sent from). */
  set(key: string, products: unknown, parts: Buffer[]): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { products, at: this.now(), parts });
  }
}
