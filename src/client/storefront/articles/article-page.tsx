import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundMessage } from '../pages/not-found-page.tsx';
import { useContent } from './api/get-content.ts';

/**
 * The server's article HTML, taken from the page as it arrived, before React hydrates it: the first
 * page's state leaves the body out so it is not sent twice (docs/decisions/0008).
 */
const serverHtml = new Map<string, string>();
if (typeof document !== 'undefined') {
  const body = document.getElementById('article-body');
  const path = body?.dataset.path;
  if (body && path) serverHtml.set(path, body.innerHTML);
}

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function ArticlePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useContent(pathname);

  if (isPending) return <ArticleSkeleton />;
  if (isError || !data) {
    return <NotFoundMessage title="Page Not Available" text="This page could not be loaded." action="Back to Home" />;
  }
  const html = data.html ?? serverHtml.get(pathname) ?? '';

  // Links inside the body are plain HTML: follow the store's own without a page load.
  const onBodyClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href?.startsWith('/') || a.target || e.defaultPrevented || e.button !== 0) return;
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };

  return (
    <article className="mx-auto max-w-3xl px-4 pb-20 pt-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-ink hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          {data.kind === 'guide' ? <li>Guides /</li> : null}
          <li aria-current="page" className="font-bold text-ink">
            {data.headline}
          </li>
        </ol>
      </nav>
      <header className="mt-8">
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-amber-deep">{data.kicker}</p>
        <h1 className="mt-2 font-display text-4xl uppercase leading-none sm:text-5xl">{data.headline}</h1>
        <p className="mt-5 text-xl text-muted">{data.lead}</p>
        <p className="mt-4 text-sm text-muted">
          Updated <time dateTime={data.updated}>{DATE.format(new Date(data.updated))}</time>
          {data.kind === 'guide' ? ` · ${data.readingMinutes} min read` : ''}
        </p>
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only routes the links inside */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links keep their own keyboard behaviour */}
      <div
        id="article-body"
        data-path={pathname}
        className="mt-6 text-lg leading-relaxed"
        onClick={onBodyClick}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own content, rendered by the server from src/content
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}

function ArticleSkeleton() {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 pb-20 pt-16" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
