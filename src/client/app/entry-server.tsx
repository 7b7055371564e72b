import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { SsrQueryState, SsrRender } from '#shared/ssr-contract.ts';
import { makeQueryClient } from '../lib/query-client.ts';
import { App, headFor, matchRoute } from './app.tsx';
import { renderHead } from './head.ts';

/** Server rendering: prefetch what the route needs, render, and hand back head, HTML and cache. */
export const render: SsrRender = async ({ url, data, config }) => {
  const qc = makeQueryClient();
  const pathname = new URL(url, 'http://x').pathname;
  const { route, params } = matchRoute(pathname);
  await Promise.all([route.prefetch?.({ qc, params, path: pathname, config }, data), route.page.preload()]);
  const { head, ctx } = headFor(pathname, qc, config);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App qc={qc} config={config} />
      </StaticRouter>
    </StrictMode>,
  );
  const status = route.status?.(ctx) ?? 200;
  // The prefetched queries, as [key, data] pairs the browser puts back into its cache.
  const state: SsrQueryState = qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success')
    .map((q) => [q.queryKey, q.state.data]);
  qc.clear();
  return { status, head: renderHead(head, config), html, state, modules: [route.page.source] };
};
