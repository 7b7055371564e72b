import { Link, useLocation, useNavigate } from '../../app/router.tsx';
import { followStoreLinks, islandHtml } from '../../app/static-island.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundMessage } from '../pages/not-found-page.tsx';
import { ReportReaction } from '../safety/report-reaction.tsx';
import { useContent } from './api/get-content.ts';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function ArticlePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useContent(pathname);

  if (isPending) return <ArticleSkeleton />;
  if (isError || !data) {
    return <NotFoundMessage title="Page Not Available" text="This page could not be loaded." action="Back to Home" />;
  }
  // The first page's state leaves the body out so it is not sent twice: the browser keeps the
  // server's HTML, read from the page before React hydrates, like a static island (docs/decisions/0008).
  const island = `article:${pathname}`;
  const html = data.html ?? islandHtml(island);

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
        data-island={island}
        className="mt-6 text-lg leading-relaxed"
        onClick={followStoreLinks(navigate, pathname)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own content, rendered by the server from src/content
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {pathname === '/safety' ? <ReportReaction /> : null}
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
