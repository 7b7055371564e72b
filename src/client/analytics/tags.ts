import type { PublicConfig } from '#shared/ssr-contract.ts';
import { isOrderPagePath } from '#shared/order-paths.ts';
import { isAdminPathname } from '#shared/site.ts';
import { secretParamOf } from '#shared/secret-params.ts';
import { getProduct } from '../storefront/catalog/api/get-product.ts';
import { getConfirmation } from '../storefront/checkout/api/get-confirmation.ts';

/**
 * The owner's marketing tags (GA4, Google Ads, Meta Pixel), loaded only when configured, after the
 * page and the first-party beacon, never on /checkout, an order's page nor in the dashboard (docs/engineering.md §6). The pages
 * carry no tag code: this module follows route changes, asks the store's API for a product page's
 * product and the confirmed order, and hears the cart's adds ('iw:add-to-cart') to send the store's events.
 * They never get an address with a query parameter other than the marketing ones (ADR 0018).
 */
type Tags = PublicConfig['tags'];
type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  callMethod?: (...a: unknown[]) => void;
  loaded?: boolean;
  version?: string;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** Where no tag runs: the payment step, the dashboard, and an order's page (its address is its key, ADR 0038). */
const blocked = (path: string) => path === '/checkout' || isAdminPathname(path) || isOrderPagePath(path);

/**
 * The query parameters the tags may see: campaign tags, and the ad platforms' own click ids that
 * attribute a visit to an ad. Anything else in an address may be a secret (a review link's token).
 */
const MARKETING_PARAM = /^(utm_[a-z]+|gclid|gbraid|wbraid|fbclid)$/;

/** An address as the tags may see it: origin and path, the marketing parameters, no fragment. */
export function forTags(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return ''; // no referrer
  }
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (MARKETING_PARAM.test(name)) kept.append(name, value);
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

function script(src: string): void {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

interface Item {
  id: number;
  name: string;
  price: number;
  quantity: number;
}

export function startTags(tags: Tags): void {
  const { gaMeasurementId: ga, googleAdsId: ads, googleAdsConversionLabel: label, metaPixelId: pixel } = tags;
  if ((!ga && !ads && !pixel) || blocked(location.pathname)) return;
  // Global Privacy Control (docs/decisions/0049): the server leaves the tags out when the browser
  // sends the header; a browser that only exposes the property is honoured here.
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return;

  // What the Google tags take for the page and where it came from, instead of reading location.href
  // and document.referrer themselves (set for every hit; the page views carry them too).
  let where = { page_location: forTags(location.href), page_referrer: forTags(document.referrer) };
  let gtag: Gtag | null = null;
  if (ga || ads) {
    window.dataLayer = window.dataLayer ?? [];
    gtag = function gtagShim() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads the arguments object itself
      window.dataLayer?.push(arguments);
    };
    window.gtag = gtag;
    gtag('js', new Date());
    gtag('set', where);
    // Page views are sent by page() below, to both, with the address as the tags may see it.
    if (ga) gtag('config', ga, { send_page_view: false });
    if (ads) gtag('config', ads, { send_page_view: false });
    script(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga ?? ads ?? '')}`);
  }
  let fbq: Fbq | null = null;
  if (pixel) {
    const f: Fbq = (...args: unknown[]) => {
      if (f.callMethod) f.callMethod(...args);
      else f.queue?.push(args);
    };
    f.queue = [];
    f.loaded = true;
    f.version = '2.0';
    window.fbq = f;
    window._fbq = f;
    fbq = f;
    script('https://connect.facebook.net/en_US/fbevents.js');
    f('init', pixel);
  }

  const ga4Items = (items: Item[]) =>
    items.map((i) => ({ item_id: String(i.id), item_name: i.name, price: i.price, quantity: i.quantity }));

  async function page(path: string): Promise<void> {
    if (blocked(path)) return;
    const here = forTags(location.href);
    if (here !== where.page_location) where = { page_location: here, page_referrer: where.page_location };
    gtag?.('set', where);
    gtag?.('event', 'page_view', { page_path: path, ...where, page_title: document.title });
    fbq?.('track', 'PageView');
    const product = /^\/product\/(\d+)$/.exec(path);
    if (product) {
      const p = await getProduct(Number(product[1])).catch(() => null);
      if (!p) return;
      const value = Number(p.price);
      gtag?.('event', 'view_item', {
        currency: 'USD',
        value,
        items: ga4Items([{ id: p.id, name: p.name, price: value, quantity: 1 }]),
      });
      fbq?.('track', 'ViewContent', { content_ids: [String(p.id)], content_type: 'product', value, currency: 'USD' });
    }
  }

  async function purchase(): Promise<void> {
    // Kept out of the address, where the tags would read it (ADR 0018).
    const pi = secretParamOf((history.state as { usr?: unknown } | null)?.usr, 'payment_intent');
    if (!pi) return;
    const o = await getConfirmation(pi).catch(() => null);
    if (!o) return;
    // Once per order, however often the page is shown.
    const key = `iw_tagged_${o.orderId}`;
    try {
      if (localStorage.getItem(key)) return;
      localStorage.setItem(key, '1');
    } catch {
      // storage off: sent with each showing
    }
    const value = Number(o.total);
    const items = o.items.map((i) => ({ id: i.productId, name: i.name, price: Number(i.unitPrice), quantity: i.quantity }));
    gtag?.('event', 'purchase', { transaction_id: String(o.orderId), value, currency: 'USD', items: ga4Items(items) });
    if (ads && label)
      gtag?.('event', 'conversion', { send_to: `${ads}/${label}`, value, currency: 'USD', transaction_id: String(o.orderId) });
    fbq?.('track', 'Purchase', { value, currency: 'USD', content_ids: items.map((i) => String(i.id)), content_type: 'product' });
  }

  // Cart adds: the cart's add sends the product as the server answered it and the quantity added.
  addEventListener('iw:add-to-cart', ({ detail: { product, quantity } }) => {
    const price = Number(product.price);
    gtag?.('event', 'add_to_cart', {
      currency: 'USD',
      value: price * quantity,
      items: ga4Items([{ id: product.id, name: product.name, price, quantity }]),
    });
    fbq?.('track', 'AddToCart', {
      content_ids: [String(product.id)],
      content_type: 'product',
      value: price * quantity,
      currency: 'USD',
    });
  });

  let current = '';
  const onRoute = () => {
    if (location.pathname === current) return;
    current = location.pathname;
    void page(current);
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      queueMicrotask(onRoute);
    };
  }
  addEventListener('popstate', onRoute);
  onRoute();
  if (window.__iwPurchase) void purchase();
  addEventListener('iw:purchase', () => void purchase());
}
