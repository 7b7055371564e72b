import type { PublicProduct } from './catalog.ts';
import type { ContentPage } from './content.ts';
import type { OrderStatusView } from './order-status.ts';
import type { UnsubscribeView } from './recovery.ts';
import type { ShippingOffer } from './shipping.ts';

/**
 * The contract between the server's SSR plugin and the client's entry-server.tsx.
 * The server passes data loaders that call the domain services directly (no HTTP round trip);
 * the client uses the same query keys, so the prefetched data fills its cache without refetching.
 */
export interface SsrDataLoaders {
  listProducts(): Promise<PublicProduct[]>;
  /** null when unknown or inactive */
  getProduct(id: number): Promise<PublicProduct | null>;
  /** Approved-review aggregate for JSON-LD; null when there are no approved reviews. */
  getRatingSummary(productId: number): Promise<{ average: number; count: number } | null>;
  /** The shopper's order page for its token; null when the token opens nothing. */
  getOrderStatus(token: string): Promise<OrderStatusView | null>;
  /** A reminder's unsubscribe page for its token: the address and whether it is unsubscribed; null when the token opens nothing. */
  getUnsubscribe(token: string): Promise<UnsubscribeView | null>;
}

/** Configuration the browser may see, injected into the page as JSON (window.__PUBLIC_CONFIG__). */
export interface PublicConfig {
  publicUrl: string;
  supportEmail: string;
  supportPhone: string;
  paymentMode: 'test' | 'stripe';
  /** The store's shipping offer (the settings'): the flat rate and the free-shipping amount. */
  shipping: ShippingOffer;
  stripePublishableKey: string | null;
  /** The age the shipping step asks a buyer to confirm; null: none (the settings'). */
  minimumAge: number | null;
  /** The owner's marketing tags were left out for this browser's Global Privacy Control (docs/decisions/0049). */
  tagsWithheld: boolean;
  /** The owner's marketing tags; all null for a browser that sent Global Privacy Control (docs/decisions/0049). */
  tags: {
    gaMeasurementId: string | null;
    googleAdsId: string | null;
    googleAdsConversionLabel: string | null;
    metaPixelId: string | null;
  };
}

export interface SsrRequest {
  /** path + query, e.g. "/product/5?ref=x" */
  url: string;
  data: SsrDataLoaders;
  config: PublicConfig;
}

export interface SsrResult {
  /** HTTP status: 200, or 404 for the not-found page and unknown products */
  status: number;
  /** <title>, meta description, canonical, Open Graph, JSON-LD — inserted into <head> */
  head: string;
  /** the rendered app markup, inserted into <div id="root"> */
  html: string;
  /** the prefetched queries, serialised safely by the server into window.__RQ_STATE__ */
  state: SsrQueryState;
  /** source files of the page's own chunks (keys of Vite's manifest), sent as modulepreload links */
  modules: string[];
}

/** [query key, data] for every query the server prefetched (smaller than TanStack's dehydrate format). */
export type SsrQueryState = Array<[readonly unknown[], unknown]>;

export type SsrRender = (req: SsrRequest) => Promise<SsrResult>;

/** A guide or legal page rendered to HTML, for the browser's navigations; null for an unknown path. */
export type SsrRenderContent = (path: string, config: PublicConfig) => ContentPage | null;

/** What the SSR bundle (dist/ssr/entry-server.js) exports. */
export interface SsrModule {
  render: SsrRender;
  renderContent: SsrRenderContent;
}

/** The loaders a route's prefetch may call: the server's, plus the content pages the SSR bundle renders. */
export interface RouteDataLoaders extends SsrDataLoaders {
  getContent(path: string): Promise<ContentPage | null>;
}
