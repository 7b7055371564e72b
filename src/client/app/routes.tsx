import type { QueryClient } from '../lib/query.tsx';
import type { PublicProduct } from '#shared/catalog.ts';
import type { ContentPage } from '#shared/content.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { CONTENT_PATHS, isAdminPathname } from '#shared/site.ts';
import type { PublicConfig, RouteDataLoaders } from '#shared/ssr-contract.ts';
import { contentQuery } from '../storefront/articles/api/get-content.ts';
import { productQuery } from '../storefront/catalog/api/get-product.ts';
import { productsQuery } from '../storefront/catalog/api/get-products.ts';
import { NotFoundPage } from '../storefront/pages/not-found-page.tsx';
import { articleJsonLd } from './article-json-ld.ts';
import type { Head } from './head.ts';
import { type LazyPage, lazyPage } from './lazy-page.tsx';
import { productJsonLd } from './product-json-ld.ts';

type Params = Record<string, string | undefined>;

export interface RouteContext {
  qc: QueryClient;
  params: Params;
  path: string;
  config: PublicConfig;
}

/**
 * The storefront's pages. Each declares what the server must prefetch (under the query keys the
 * page's hooks use) and its head, computed from the same cached data on server and client.
 */
export interface AppRoute {
  path: string;
  /** the page component; route pages are chunks of their own (lazy-page.tsx) */
  page: LazyPage;
  prefetch?(ctx: RouteContext, data: RouteDataLoaders): Promise<void>;
  head(ctx: RouteContext): Head;
  /** 404 when the page's subject does not exist */
  status?(ctx: RouteContext): number;
}

const STORE = 'Ironwake Smelling Salts';
/**
 * The head of a page a signed link opens to fill the cart (a checkout reminder's, a reorder
 * reminder's): the token, a key, stays out of it; the canonical address is the home page's.
 */
const keyedCartHead = () => ({ title: `Your Cart | ${STORE}`, description: '', path: '/', noindex: true });

/**
 * A fixed meta description, for the server's HTML only: after a navigation in the browser only the
 * title and canonical link change, so these strings stay out of the first-load JavaScript (0006).
 * So do the pages' source paths, which only the server reads (their chunks' preload links).
 */
const SSR = import.meta.env.SSR;
const ratingKey = (id: number) => ['rating-summary', id] as const;
/** The order page's query key (storefront/orders/api/get-order-status.ts), kept here so its module stays out of every page's first load. */
const orderKey = (token: string | undefined) => ['order-status', token ?? ''] as const;
/** The unsubscribe page's query key (storefront/recovery/api/unsubscribe.ts), kept here for the same reason. */
const unsubscribeKey = (token: string | undefined) => ['unsubscribe', token ?? ''] as const;

function productOf(ctx: RouteContext): PublicProduct | null | undefined {
  return ctx.qc.getQueryData(productQuery(Number(ctx.params.id)).queryKey);
}

export const NOT_FOUND_ROUTE: AppRoute = {
  path: '*',
  page: { source: 'src/client/storefront/pages/not-found-page.tsx', Page: NotFoundPage, preload: async () => {} },
  head: (ctx) => ({
    title: `Page Not Found | ${STORE}`,
    description: SSR ? 'This page does not exist.' : '',
    path: ctx.path,
    noindex: true,
  }),
  status: () => 404,
};

/** The owner's dashboard: rendered in the browser only, from a chunk the storefront never loads. */
export const ADMIN_ROUTE: AppRoute = {
  path: '/admin/*',
  page: lazyPage(SSR ? 'src/client/admin/admin-entry.tsx' : '', () =>
    import('../admin/admin-entry.tsx').then((m) => m.AdminEntry),
  ),
  head: (ctx) => ({ title: `Admin Dashboard | ${STORE}`, description: '', path: ctx.path, noindex: true }),
};

export const isAdminPath = isAdminPathname;

const articlePage = lazyPage(SSR ? 'src/client/storefront/articles/article-page.tsx' : '', () =>
  import('../storefront/articles/article-page.tsx').then((m) => m.ArticlePage),
);

/** A guide or legal page: its text is rendered by the server from src/content (docs/decisions/0008). */
function contentRoute(path: string): AppRoute {
  const content = (ctx: RouteContext): ContentPage | undefined => ctx.qc.getQueryData(contentQuery(path).queryKey);
  return {
    path,
    page: articlePage,
    prefetch: async ({ qc }, data) => {
      const page = await data.getContent(path);
      if (page) qc.setQueryData(contentQuery(path).queryKey, page);
    },
    head: (ctx) => {
      const c = content(ctx);
      if (!c) return { title: STORE, description: '', path };
      return {
        title: `${c.title} | ${STORE}`,
        description: c.description,
        path,
        ogType: c.kind === 'guide' ? 'article' : 'website',
        jsonLd: import.meta.env.SSR && c.kind === 'guide' ? [articleJsonLd(c, ctx.config.publicUrl)] : undefined,
      };
    },
  };
}

export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    page: lazyPage(SSR ? 'src/client/storefront/home/home-page.tsx' : '', () =>
      import('../storefront/home/home-page.tsx').then((m) => m.HomePage),
    ),
    prefetch: async ({ qc }, data) => {
      qc.setQueryData(productsQuery().queryKey, await data.listProducts());
    },
    head: () => ({
      title: `Pre-Activated Smelling Salts for Athletes | ${STORE}`,
      description: SSR
        ? 'Pre-activated ammonia smelling salts for lifters and athletes: a 30 g single bottle or a 3-pack. Ships in 1-2 business days, arrives in 3-5, 30-day returns.'
        : '',
      path: '/',
    }),
  },
  {
    path: '/product/:id',
    page: lazyPage(SSR ? 'src/client/storefront/product/product-page.tsx' : '', () =>
      import('../storefront/product/product-page.tsx').then((m) => m.ProductPage),
    ),
    prefetch: async ({ qc, params }, data) => {
      const id = Number(params.id);
      const product = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await data.getProduct(id) : null;
      qc.setQueryData(productQuery(id).queryKey, product);
      if (product) qc.setQueryData(ratingKey(id), await data.getRatingSummary(id));
    },
    head: (ctx) => {
      const p = productOf(ctx);
      if (!p) {
        return {
          title: `Product Not Found | ${STORE}`,
          description: SSR ? 'This product does not exist.' : '',
          path: ctx.path,
          noindex: true,
        };
      }
      const rating = ctx.qc.getQueryData<{ average: number; count: number } | null>(ratingKey(p.id)) ?? null;
      const upload = SSR && p.image.uploaded ? p.image.variants[p.image.variants.length - 1] : undefined;
      return {
        title: `${p.name} — ${formatUsd(parseCents(p.price))} | ${STORE}`,
        description: p.description.length > 158 ? `${p.description.slice(0, 155).trimEnd()}…` : p.description,
        path: `/product/${p.id}`,
        ogType: 'product',
        // Structured data and the sharing image are for the first response only; the browser bundle leaves them out.
        jsonLd: import.meta.env.SSR ? [productJsonLd(p, ctx.config.publicUrl, rating, ctx.config.shipping)] : undefined,
        image: upload,
      };
    },
    status: (ctx) => (productOf(ctx) ? 200 : 404),
  },
  {
    path: '/contact',
    page: lazyPage(SSR ? 'src/client/storefront/contact/contact-page.tsx' : '', () =>
      import('../storefront/contact/contact-page.tsx').then((m) => m.ContactPage),
    ),
    head: () => ({
      title: `Contact Us | ${STORE}`,
      description: SSR
        ? 'Questions about an order, returns or using smelling salts safely? Write to the Ironwake team: we answer within 24 hours, Monday to Friday.'
        : '',
      path: '/contact',
    }),
  },
  {
    path: '/checkout',
    page: lazyPage(SSR ? 'src/client/storefront/checkout/checkout-page.tsx' : '', () =>
      import('../storefront/checkout/checkout-page.tsx').then((m) => m.CheckoutPage),
    ),
    head: () => ({ title: `Checkout | ${STORE}`, description: '', path: '/checkout', noindex: true }),
  },
  {
    path: '/order-confirmation',
    page: lazyPage(SSR ? 'src/client/storefront/checkout/confirmation-page.tsx' : '', () =>
      import('../storefront/checkout/confirmation-page.tsx').then((m) => m.ConfirmationPage),
    ),
    head: () => ({ title: `Order Confirmed | ${STORE}`, description: '', path: '/order-confirmation', noindex: true }),
  },
  {
    path: '/orders/:token',
    page: lazyPage(SSR ? 'src/client/storefront/orders/order-status-page.tsx' : '', () =>
      import('../storefront/orders/order-status-page.tsx').then((m) => m.OrderStatusPage),
    ),
    prefetch: async ({ qc, params }, data) => {
      qc.setQueryData(orderKey(params.token), await data.getOrderStatus(params.token ?? ''));
    },
    // The canonical address is the lookup page's: the token (the key to the order) stays out of the head.
    head: () => ({ title: `Your Order | ${STORE}`, description: '', path: '/order-status', noindex: true }),
    status: (ctx) => (ctx.qc.getQueryData(orderKey(ctx.params.token)) ? 200 : 404),
  },
  {
    // A checkout reminder's "Complete your order" (docs/decisions/0041): restored in the browser, with its cart session.
    path: '/recover/:token',
    page: lazyPage(SSR ? 'src/client/storefront/recovery/recover-page.tsx' : '', () =>
      import('../storefront/recovery/recover-page.tsx').then((m) => m.RecoverPage),
    ),
    head: keyedCartHead,
  },
  {
    // A reorder reminder's "Reorder" (docs/decisions/0051): the cart filled in the browser, with its cart session.
    // Its page is in the recover page's chunk (recover-page.tsx says why).
    path: '/reorder/:token',
    page: lazyPage(SSR ? 'src/client/storefront/recovery/recover-page.tsx' : '', () =>
      import('../storefront/recovery/recover-page.tsx').then((m) => m.ReorderPage),
    ),
    head: keyedCartHead,
  },
  {
    path: '/unsubscribe/:token',
    page: lazyPage(SSR ? 'src/client/storefront/recovery/unsubscribe-page.tsx' : '', () =>
      import('../storefront/recovery/unsubscribe-page.tsx').then((m) => m.UnsubscribePage),
    ),
    prefetch: async ({ qc, params }, data) => {
      qc.setQueryData(unsubscribeKey(params.token), await data.getUnsubscribe(params.token ?? ''));
    },
    head: () => ({ title: `Unsubscribe | ${STORE}`, description: '', path: '/', noindex: true }),
    status: (ctx) => (ctx.qc.getQueryData(unsubscribeKey(ctx.params.token)) ? 200 : 404),
  },
  {
    // The link in every subscription e-mail (docs/decisions/0054): read in the browser; the token stays out of the head.
    path: '/subscriptions/:token',
    page: lazyPage(SSR ? 'src/client/storefront/subscriptions/subscription-page.tsx' : '', () =>
      import('../storefront/subscriptions/subscription-page.tsx').then((m) => m.SubscriptionPage),
    ),
    head: () => ({ title: `Your Subscription | ${STORE}`, description: '', path: '/', noindex: true }),
  },
  {
    path: '/order-status',
    page: lazyPage(SSR ? 'src/client/storefront/orders/lookup-page.tsx' : '', () =>
      import('../storefront/orders/lookup-page.tsx').then((m) => m.LookupPage),
    ),
    head: () => ({
      title: `Track Your Order | ${STORE}`,
      description: SSR ? 'Find your Ironwake order with its number and e-mail address: its status, tracking and returns.' : '',
      path: '/order-status',
      noindex: true,
    }),
  },
  ...CONTENT_PATHS.map(contentRoute),
];
