import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isSharedPage, keptPage, PageCache, sendKeptPage } from './page-cache.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ContentQuerySchema } from '#shared/content.ts';
import { ContentPageSchema } from '#shared/content-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { SHARED_CODE_KEY, sharedCodeOf } from '#shared/discounts.ts';
import { isOrderPagePath } from '#shared/order-paths.ts';
import { publicConfigOf } from './public-config.ts';
import type { SsrDataLoaders, SsrModule } from '#shared/ssr-contract.ts';
import { isDatabaseUnavailable } from '#db/client.ts';
import { STORE_NAME } from '#shared/constants.ts';
import { splitSecretParams } from '#shared/secret-params.ts';
import { AppError, notFound } from '../errors.ts';
import { json } from '../lib/answers.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';

export type SsrMode = 'prod' | 'dev' | 'off';

const ROOT = PROJECT_ROOT;
const CLIENT_DIST = path.join(ROOT, 'dist/client');
/** The page renderer Vite builds from src/client/app/entry-server.tsx (`npm run build`). */
const SERVER_ENTRY = path.join(ROOT, 'dist/ssr/entry-server.js');

/** JSON that is safe inside a <script> element. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The parts of Vite's build manifest (dist/client/.vite/manifest.json) the server reads. */
export type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * A page's own chunks (and what they import) beyond what the entry loads, and their stylesheets:
 * what the browser fetches in parallel with the entry script instead of after it runs.
 */
export function pageChunks(manifest: ViteManifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, inEntry);
  const needed = new Set<string>();
  for (const m of modules) walk(m, needed);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of needed) {
    if (inEntry.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
  }
  return { scripts, styles };
}

/**
 * The built page's script tags taken out of it: the entry script and the chunks it preloads. They
 * are started by `bootScript` after the first paint instead (see there).
 */
export function takeOutScripts(html: string): { html: string; entry: string; preloads: string[] } {
  let entry = '';
  const preloads: string[] = [];
  const rest = html
    .replace(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/g, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (!entry) throw new Error('The built index.html has no entry script');
  return { html: rest, entry, preloads };
}

/**
 * Starts the storefront's scripts once the page has painted (or at once in a hidden tab): on a
 * slow phone link the HTML, its inline styles and the main image then have the connection to
 * themselves for the first paint, instead of sharing it with 100 KB of JavaScript that only
 * hydrates what is already on screen. The chunks are fetched in parallel (modulepreload).
 */
export function bootScript(entry: string, modules: readonly string[]): string {
  // Until the app has hydrated, a click on a button (or an Enter on a focused one) is held and
  // replayed once it has (window.__IW_REPLAY__, called by the entry), one per task so each sees the
  // state the one before left: nothing a shopper does in those first moments is lost. Links are
  // left alone: they navigate as plain links.
  const hold =
    "var q=[];function c(v){var t=v.target,b=t&&t.closest&&t.closest('button,summary,[role=button]');if(b){v.preventDefault();v.stopPropagation();q.push(b)}}" +
    "document.addEventListener('click',c,true);window.__IW_REPLAY__=function(){document.removeEventListener('click',c,true);window.__IW_REPLAY__=null;(function n(){var b=q.shift();if(!b)return;if(b.isConnected)b.click();setTimeout(n,0)})()};";
  return `(function(e,m){${hold}function go(){var h=document.head;m.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.src=e;h.appendChild(s)}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(${serializeForScript(entry)},${serializeForScript(modules)})`;
}

/**
 * The page's first statement when its address holds secret parameters (src/shared/secret-params.ts):
 * they move into the history entry's state, where the page reads them, and leave the address, before
 * any script of the store or a marketing tag can read it (docs/decisions/0018). Empty otherwise.
 */
export function hideSecretParamsScript(url: string): string {
  const split = splitSecretParams(url);
  if (!split) return '';
  return `(function(s,u){var h=history,e=h.state||{},r=e.usr||{};h.replaceState(Object.assign({},e,{usr:Object.assign({},r,{secretParams:Object.assign({},r.secretParams,s)})}),'',u+location.hash)})(${serializeForScript(split.secrets)},${serializeForScript(split.url)});`;
}

/**
 * A shared link's discount code (`?code=SPRING10`, docs/decisions/0040), kept in the tab's
 * sessionStorage by the page's first statement for the checkout to put on: no page's JavaScript
 * carries it. Empty without one.
 */
export function keepSharedCodeScript(url: string): string {
  const code = sharedCodeOf(url);
  if (!code) return '';
  return `try{sessionStorage.setItem(${serializeForScript(SHARED_CODE_KEY)},${serializeForScript(code)})}catch(e){};`;
}

/**
 * The built page's own stylesheet, written into the page: the first paint waits for no second
 * request (on a slow mobile link that request, competing with the scripts, cost most of a second).
 * Its URLs are absolute (/assets/...), so they mean the same inside the page.
 */
export function inlineStylesheets(html: string, read: (file: string) => string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/assets\/([\w.-]+\.css)"[^>]*>/g, (_link, file: string) => {
    const css = read(file).replaceAll('</style', '<\\/style');
    return `<style>${css}</style>`;
  });
}

export function builtClientExists(): boolean {
  return (
    ['index.html', '.vite/manifest.json'].every((f) => fs.existsSync(path.join(CLIENT_DIST, f))) && fs.existsSync(SERVER_ENTRY)
  );
}

/** A keyed page's data, or null when its link opens nothing (the page then says so, with a 404). */
async function nullIfNotFound<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

/**
 * Server rendering (docs/decisions/0002-ssr-with-vite.md): every page's first response holds its
 * content, head and the query cache the client hydrates from.
 */
export async function registerSsr(app: FastifyInstance, mode: SsrMode): Promise<void> {
  if (mode === 'off') return;

  let getTemplate: (url: string) => Promise<string>;
  let getModule: () => Promise<SsrModule>;
  let manifest: ViteManifest = {};
  /** Production: the scripts started after the first paint (bootScript); dev: Vite's own tags. */
  let boot: { entry: string; preloads: string[] } | undefined;

  if (mode === 'prod') {
    if (!builtClientExists()) throw new Error('The storefront is not built: run `npm run build` first.');
    const built = takeOutScripts(
      inlineStylesheets(fs.readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8'), (file) =>
        fs.readFileSync(path.join(CLIENT_DIST, 'assets', file), 'utf8'),
      ),
    );
    const template = built.html;
    boot = { entry: built.entry, preloads: built.preloads };
    const mod = (await import(pathToFileURL(SERVER_ENTRY).href)) as SsrModule;
    manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIST, '.vite/manifest.json'), 'utf8')) as ViteManifest;
    getTemplate = async () => template;
    getModule = async () => mod;
    await app.register(fastifyStatic, {
      root: path.join(CLIENT_DIST, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  } else {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
    await app.register(import('@fastify/middie'));
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    const raw = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
    getTemplate = (url) => vite.transformIndexHtml(url, raw);
    getModule = async () => (await vite.ssrLoadModule('/src/client/app/entry-server.tsx')) as SsrModule;
  }

  const BRIEFLY_AWAY = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10"><meta name="robots" content="noindex"><title>Back in a moment | ${STORE_NAME}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0;color:#57534e}
.brand{font-weight:800;font-size:1.25rem;letter-spacing:-.01em;color:#111;margin:0 0 1.5rem}.brand span{color:#d99a1e}</style></head>
<body><main><p class="brand">IRON<span>WAKE</span></p><h1>We'll be right back</h1><p>The store is briefly unavailable. This page reloads by itself in a few seconds.</p></main></body></html>`;
  const data: SsrDataLoaders = {
    listProducts: () => app.services.catalog.listActiveProducts(),
    getProduct: (id) => app.services.catalog.getActiveProduct(id),
    getRatingSummary: (productId) => app.services.reviews.ratingSummary(productId),
    getOrderStatus: (token) => nullIfNotFound(() => app.services.orderStatus.view(token)),
    getUnsubscribe: (token) => nullIfNotFound(() => app.services.recovery.unsubscribeView(token)),
  };

  // The shared pages as last rendered (page-cache.ts); development renders each time.
  const pages = mode === 'prod' ? new PageCache() : undefined;
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url;
    const config = publicConfigOf(app, req);
    // The page differs by the browser's privacy signal: a shared cache keeps the two apart.
    reply.header('vary', 'Sec-GPC');
    const key = pages && isSharedPage(url) ? `${url}\n${JSON.stringify(config)}` : undefined;
    const [template, mod] = await Promise.all([getTemplate(url), getModule()]);
    let result: Awaited<ReturnType<SsrModule['render']>>;
    let products: unknown;
    try {
      if (key) {
        products = await data.listProducts();
        const kept = pages?.get(key, products);
        if (kept) return sendKeptPage(req, reply, kept);
      }
      result = await mod.render({ url, data, config });
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // A shopper's browser gets a page, not JSON, while the database is away.
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('retry-after', '5')
        .send(BRIEFLY_AWAY);
    }
    const chunks = pageChunks(manifest, result.modules);
    const start = boot ? `;${bootScript(boot.entry, [...boot.preloads, ...chunks.scripts])}` : '';
    const hideSecrets = hideSecretParamsScript(url);
    const script = `${hideSecrets}${keepSharedCodeScript(url)}window.__RQ_STATE__=${serializeForScript(
      result.state,
    )};window.__PUBLIC_CONFIG__=${serializeForScript(config)}${start}`;
    // A page kept for every visitor allows its script by hash, so it is the same bytes for each;
    // any other page by this request's nonce.
    const keep = key !== undefined && result.status === 200;
    const state = keep ? `<script>${script}</script>` : `<script nonce="${req.cspNonce}">${script}</script>`;
    // (In development the manifest is empty: Vite's own tags load everything.)
    const links = chunks.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('\n');
    const html = template
      .replace('<!--ssr-head-->', () => `${result.head}\n${links}`)
      .replace('<!--ssr-html-->', () => result.html)
      .replace('<!--ssr-state-->', () => state);
    if (keep) {
      const page = keptPage(html, script);
      pages?.set(key, products, page);
      return sendKeptPage(req, reply, page);
    }
    // The requests the HTML starts before its first script (the product image) carry no Referer with
    // the secret, so no proxy's access log records it either.
    if (hideSecrets) reply.header('referrer-policy', 'no-referrer');
    // An order's page holds its shopper's name and address: never kept by a shared cache (ADR 0038).
    const cacheControl = isOrderPagePath(url) ? 'private, no-store' : 'no-cache';
    return reply.status(result.status).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
  };

  // A guide or legal page for the browser's navigations: its head data and its body as HTML.
  app.get(
    '/api/content',
    {
      schema: {
        tags: ['Content'],
        operationId: 'getContentPage',
        summary: 'Get a guide or legal page',
        description: 'Served with server rendering on (every store but the API tests).',
        querystring: ContentQuerySchema,
        response: { 200: json('The page’s head data and its body as HTML.', ContentPageSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const page = (await getModule()).renderContent((req.query as { path: string }).path, publicConfigOf(app, req));
      if (!page) throw notFound('Page');
      return reply.header('cache-control', 'public, max-age=300').header('vary', 'Sec-GPC').send(page);
    },
  );

  // Unknown /api/* paths answer JSON (the not-found handler); every other GET is a page.
  app.get('/*', async (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    return handler(req, reply);
  });
  app.get('/', handler);
}
