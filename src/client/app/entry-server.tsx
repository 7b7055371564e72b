import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './router.tsx';
import type { ContentPage } from '#shared/content.ts';
import type { RouteDataLoaders, SsrQueryState, SsrRender, SsrRenderContent } from '#shared/ssr-contract.ts';
import { makeQueryClient } from '../lib/query-client.ts';
import { renderContent as renderContentPage } from '../storefront/articles/render-content.tsx';
import { HomeInfo } from '../storefront/home/info-sections.tsx';
import { FooterContent } from '../storefront/layout/footer-content.tsx';
import { ProductInfoBundle, ProductInfoSingle } from '../storefront/product/product-info.tsx';
import { App, headFor, matchRoute } from './app.tsx';
import { renderHead } from './head.ts';
import { registerServerIslands } from './static-island.tsx';

registerServerIslands({
  footer: FooterContent,
  'home-info': HomeInfo,
  'product-info-single': ProductInfoSingle,
  'product-info-bundle': ProductInfoBundle,
});

export const renderContent: SsrRenderContent = renderContentPage;

const isContent = (key: readonly unknown[]) => key[0] === 'content';

/** Server rendering: prefetch what the route needs, render, and hand back head, HTML and cache. */
export const render: SsrRender = async ({ url, data, config }) => {
  const qc = makeQueryClient();
  const pathname = new URL(url, 'http://x').pathname;
  const { route, params } = matchRoute(pathname);
  const loaders: RouteDataLoaders = { ...data, getContent: async (path) => renderContentPage(path, config) };
  await Promise.all([route.prefetch?.({ qc, params, path: pathname, config }, loaders), route.page.preload()]);
  const { head, ctx } = headFor(pathname, qc, config);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App qc={qc} config={config} />
      </StaticRouter>
    </StrictMode>,
  );
  const status = route.status?.(ctx) ?? 200;
  // The prefetched queries, as [key, data] pairs the browser puts back into its cache. A content
  // page's body is in the HTML already; the browser takes it from there, so it is not sent twice.
  const state: SsrQueryState = qc
    .dehydrate()
    .map(([key, d]) => [key, isContent(key) && d ? { ...(d as ContentPage), html: null } : d]);
  qc.clear();
  return { status, head: renderHead(head, config), html, state, modules: [route.page.source] };
};
