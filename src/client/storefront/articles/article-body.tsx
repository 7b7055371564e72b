// biome-ignore-all lint/suspicious/noArrayIndexKey: static content rendered once on the server; lists never reorder
import type { ReactNode } from 'react';
import { SUPPORT_HOURS } from '#shared/constants.ts';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import type { Article, Block, Inline } from '#content/article-types.ts';
import { DIRECTIONS, WHO_SHOULD_NOT_USE } from '#content/usage.ts';
import { Faq } from '../../ui/faq.tsx';

// Rendered on the server only (to static HTML): the browser never downloads article content as
// JavaScript, it keeps the server's HTML (docs/decisions/0008-articles-as-server-html.md).

const link = 'font-semibold text-amber-deep underline decoration-2 underline-offset-2 hover:text-ink';

function Text({ value }: { value: Inline }): ReactNode {
  if (typeof value === 'string') return value;
  return value.map((part, i) => {
    if (typeof part === 'string') return part;
    if ('strong' in part) return <strong key={i}>{part.strong}</strong>;
    if ('to' in part) {
      return (
        <a key={i} href={part.to} className={link}>
          {part.text}
        </a>
      );
    }
    return (
      <a key={i} href={part.href} className={link} rel="noopener noreferrer" target="_blank">
        {part.text}
      </a>
    );
  });
}

const CALLOUT = {
  warning: { box: 'border-danger bg-[#fdecea]', label: 'Warning' },
  info: { box: 'border-ink bg-white', label: 'Good to know' },
  tip: { box: 'border-amber bg-[#fff6dc]', label: 'Tip' },
} as const;

function BlockView({ block, config }: { block: Block; config: PublicConfig }): ReactNode {
  switch (block.type) {
    case 'heading':
      return (
        <h2 id={block.id} className="mt-12 scroll-mt-24 font-display text-2xl uppercase sm:text-3xl">
          {block.text}
        </h2>
      );
    case 'subheading':
      return <h3 className="mt-8 text-lg font-bold">{block.text}</h3>;
    case 'paragraph':
      return (
        <p className="mt-4">
          <Text value={block.text} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Text value={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="mt-4 list-decimal space-y-2 pl-6">{items}</ol>
      ) : (
        <ul className="mt-4 list-disc space-y-2 pl-6">{items}</ul>
      );
    }
    case 'table':
      return (
        <div className="mt-6">
          <table className="article-table w-full border-collapse text-left text-base">
            <caption className="mb-2 text-left text-sm font-bold uppercase tracking-wide text-muted">{block.caption}</caption>
            <thead>
              <tr>
                {block.columns.map((c) => (
                  <th key={c} scope="col" className="border-b-2 border-ink px-3 py-2 text-sm uppercase tracking-wide">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r} className="border-b border-line">
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row" className="px-3 py-3 align-top font-bold">
                        <Text value={cell} />
                      </th>
                    ) : (
                      <td key={c} data-label={block.columns[c]} className="px-3 py-3 align-top">
                        <Text value={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'callout': {
      const tone = CALLOUT[block.tone];
      return (
        <aside aria-label={tone.label} className={`mt-6 rounded-lg border-l-4 p-5 ${tone.box}`}>
          <p className="font-bold">{block.title}</p>
          <p className="mt-1">
            <Text value={block.text} />
          </p>
        </aside>
      );
    }
    case 'verdict':
      return (
        <div className="mt-6 rounded-lg border border-line bg-white p-5">
          <p className="flex flex-wrap items-center gap-3">
            <span
              className={`rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider ${
                block.verdict === 'Myth' ? 'bg-danger text-white' : 'bg-ok text-white'
              }`}
            >
              {block.verdict === 'Myth' ? 'Myth — false' : 'Fact — true'}
            </span>
            <span className="text-lg font-bold">“{block.claim}”</span>
          </p>
          <p className="mt-3">
            <Text value={block.text} />
          </p>
        </div>
      );
    case 'faq':
      return <Faq items={block.items.map((item) => ({ q: item.q, a: <Text value={item.a} /> }))} className="mt-6" />;
    case 'directions':
      return (
        <ol className="mt-6 grid gap-4">
          {DIRECTIONS.map((d, i) => (
            <li key={d.title} className="flex gap-4 rounded-lg border border-line bg-white p-4">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-amber font-bold">{i + 1}</span>
              <span>
                <span className="block font-bold">{d.title}</span>
                {d.text}
              </span>
            </li>
          ))}
        </ol>
      );
    case 'who-should-not-use':
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6">
          {WHO_SHOULD_NOT_USE.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      );
    case 'support-contact':
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6">
          <li>
            E-mail:{' '}
            <a className={link} href={`mailto:${config.supportEmail}`}>
              {config.supportEmail}
            </a>
          </li>
          <li>
            Phone:{' '}
            <a className={link} href={`tel:${config.supportPhone.replace(/[^+\d]/g, '')}`}>
              {config.supportPhone}
            </a>{' '}
            ({SUPPORT_HOURS})
          </li>
          <li>
            Or use our{' '}
            <a className={link} href="/contact">
              contact form
            </a>
            .
          </li>
        </ul>
      );
    case 'minimum-age':
      return (
        <p className="mt-4">
          You must be at least {config.minimumAge ?? 18} years old to buy from us
          {config.minimumAge === null
            ? '.'
            : `, and you confirm it at checkout by ticking “I confirm I am ${config.minimumAge} or older”; we do not take an order without it.`}{' '}
          We ship to addresses in the United States.
        </p>
      );
    case 'third-party-tags': {
      if (config.tagsWithheld) {
        return (
          <p className="mt-4">
            Your browser sends Global Privacy Control, so this store loads none of its analytics or advertising tags for you: we
            treat the signal as your request not to sell or share your data.
          </p>
        );
      }
      const t = config.tags;
      const on = [
        t.gaMeasurementId ? 'Google Analytics (measures visits)' : null,
        t.googleAdsId ? 'Google Ads (measures purchases that follow an ad)' : null,
        t.metaPixelId ? 'Meta Pixel (measures visits and purchases that follow an ad)' : null,
      ].filter((x): x is string => x !== null);
      return on.length === 0 ? (
        <p className="mt-4">
          This store currently loads no third-party analytics or advertising tags. No cookies are set for visitors.
        </p>
      ) : (
        <>
          <p className="mt-4">
            This store has the following third-party tags turned on. They load on store pages, never on the checkout page, and
            their providers may set cookies under their own privacy policies:
          </p>
          <ul className="mt-4 list-disc space-y-2 pl-6">
            {on.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </>
      );
    }
  }
}

/** The body of an article or legal page: its blocks, then the related reading and the shop call to action. */
export function ArticleBody({
  article,
  related,
  config,
}: {
  article: Article;
  related: readonly Pick<Article, 'path' | 'headline' | 'kicker'>[];
  config: PublicConfig;
}) {
  return (
    <>
      {article.blocks.map((block, i) => (
        <BlockView key={i} block={block} config={config} />
      ))}
      {article.cta ? (
        <section className="mt-14 rounded-2xl bg-ink p-8 text-white">
          <h2 className="font-display text-2xl uppercase">{article.cta.title}</h2>
          <p className="mt-2 text-white/80">{article.cta.text}</p>
          <a
            href={article.cta.to}
            className="mt-5 inline-flex min-h-11 items-center rounded-md bg-amber px-7 font-bold uppercase tracking-wide text-ink hover:bg-[#ffc53d]"
          >
            {article.cta.label}
          </a>
        </section>
      ) : null}
      {related.length > 0 ? (
        <nav aria-label="More guides" className="mt-14">
          <h2 className="font-display text-xl uppercase">Keep reading</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((r) => (
              <li key={r.path}>
                <a
                  href={r.path}
                  className="block h-full rounded-lg border border-line bg-white p-4 hover:border-ink focus-visible:border-ink"
                >
                  <span className="text-xs font-bold uppercase tracking-wider text-amber-deep">{r.kicker}</span>
                  <span className="mt-1 block font-bold">{r.headline}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
