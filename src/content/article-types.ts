/**
 * Articles and legal pages as data. The server renders them to HTML with the shared article
 * components (src/client/storefront/articles/); no page is written by hand.
 *
 * Inline text (`Inline`) is a plain string, or a list of strings and links, so a paragraph can
 * link to another page: ['Read the ', { text: 'safety guide', to: '/safety' }, ' first.'].
 * `to` is a path inside the store ("/safety", "/#choose-your-power"); `href` an outside address.
 */
export type InlinePart = string | { text: string; to: string } | { text: string; href: string } | { strong: string };
export type Inline = string | readonly InlinePart[];

export type Block =
  /** a section heading (h2); `id` makes it linkable (/education#how-they-work) */
  | { type: 'heading'; text: string; id?: string }
  /** a sub-heading (h3) */
  | { type: 'subheading'; text: string }
  | { type: 'paragraph'; text: Inline }
  | { type: 'list'; ordered?: boolean; items: readonly Inline[] }
  /** a table: every row has one cell per column; on a phone each row becomes a card */
  | { type: 'table'; caption: string; columns: readonly string[]; rows: readonly (readonly Inline[])[] }
  /** a highlighted box: 'warning' for safety, 'info' for facts, 'tip' for practical advice */
  | { type: 'callout'; tone: 'warning' | 'info' | 'tip'; title: string; text: Inline }
  /** a myth with its verdict and the explanation */
  | { type: 'verdict'; claim: string; verdict: 'Myth' | 'Fact'; text: Inline }
  /** questions and answers, shown as expandable items */
  | { type: 'faq'; items: readonly { q: string; a: Inline }[] }
  /** the store's directions for use (from usage.ts), so every page says the same */
  | { type: 'directions' }
  /** who should not use smelling salts (from usage.ts) */
  | { type: 'who-should-not-use' }
  /** the support e-mail, phone and hours, from the store's configuration (legal pages) */
  | { type: 'support-contact' }
  /** which third-party measurement tags this store has turned on, from its configuration (privacy page) */
  | { type: 'third-party-tags' }
  /** Who may buy: the store's minimum age, as the settings say (docs/decisions/0048). */
  | { type: 'minimum-age' };

export interface Article {
  /** the page's path, e.g. "/education" */
  path: string;
  kind: 'guide' | 'legal';
  /** <title> (the store's name is added) and og:title */
  title: string;
  /** meta description: 120–160 characters */
  description: string;
  /** the page's h1 */
  headline: string;
  /** a short label above the headline, e.g. "Guide", "Safety" */
  kicker: string;
  /** the opening paragraph under the headline */
  lead: string;
  /** ISO dates (YYYY-MM-DD) */
  published: string;
  updated: string;
  blocks: readonly Block[];
  /** the closing call to action: the shop's products section by default */
  cta?: { title: string; text: string; label: string; to: '/' | '/#choose-your-power' };
}
