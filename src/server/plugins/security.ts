import { randomBytes } from 'node:crypto';
import { isOrderPagePath } from '#shared/order-paths.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sendsGpc } from '../lib/privacy-signal.ts';

/** Stripe's origins (its CSP guide), allowed only on the pages that use Stripe.js: /checkout and a subscription's page. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** The marketing tags' origins (Google's and Meta's CSP guides), allowed only when configured, never on /checkout. */
const GOOGLE = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
};
const GOOGLE_ADS = {
  script: ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net'],
  connect: ['https://www.google.com', 'https://googleads.g.doubleclick.net', 'https://www.googleadservices.com'],
  img: ['https://www.google.com', 'https://googleads.g.doubleclick.net'],
  frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};
const META = {
  script: ['https://connect.facebook.net'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
};

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';
/** Whether a path may answer a page: everything but the API, the built assets and the health check. */
const isPagePath = (path: string) => !path.startsWith('/api/') && !path.startsWith('/assets/') && path !== '/healthz';

/** The policy of every answer that is not a page (JSON, files, images): it may load and be framed by nothing. */
export const NOT_A_PAGE_CSP = "default-src 'none';frame-ancestors 'none'";

declare module 'fastify' {
  interface FastifyRequest {
    /** The page's script nonce: made at its first read, so only the answers that use one pay for it. */
    cspNonce: string;
  }
  interface FastifyReply {
    /**
     * Allows the page's inline script by its hash (`sha256-…`, base64) instead of the request's nonce:
     * a page kept for every visitor is then the same bytes for each. Nothing on an answer without
     * the page policy.
     */
    allowInlineScript(hash: string): FastifyReply;
  }
  interface FastifyContextConfig {
    /** A page's own Content-Security-Policy in place of the store's (the API reference page). */
    csp?: string;
  }
}

type Directives = [name: string, sources: string][];
const policy = (directives: Directives) => directives.map(([name, sources]) => (sources ? `${name} ${sources}` : name)).join(';');

/**
 * Security headers computed once per kind of answer, at start. Every answer carries the same fixed
 * set (the usual ones: no sniffing, no framing, a strict referrer…); a page's path (anything but
 * the API, the built assets and the health check) carries the store's Content-Security-Policy,
 * which allows exactly the origins in use: our own, Stripe's only where Stripe.js runs (/checkout and
 * a subscription's page), the marketing tags' only when configured and never on /checkout, an
 * order's page or for a browser that sent Global Privacy Control. Its one inline script (the SSR
 * state) carries a per-request nonce, or on a page kept for every visitor is allowed by its hash
 * (`reply.allowInlineScript`). Styles allow inline style attributes (Radix positions popovers
 * with them), so they get no nonce. The API and the assets get a policy that allows nothing, and
 * no nonce is made for them. Returns the headers of an answer that is not a page, for the answers
 * sent before routing (plugins/early-answers.ts).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  opts: { dev: boolean },
): Promise<Readonly<Record<string, string>>> {
  const https = config.publicUrl.startsWith('https:');
  const t = config.tags;
  const tagSets = [
    ...(t.gaMeasurementId || t.googleAdsId ? [GOOGLE] : []),
    ...(t.googleAdsId ? [GOOGLE_ADS] : []),
    ...(t.metaPixelId ? [META] : []),
  ] as { script?: string[]; connect?: string[]; img?: string[]; frame?: string[] }[];
  const tagSources = (kind: 'script' | 'connect' | 'img' | 'frame') => [...new Set(tagSets.flatMap((set) => set[kind] ?? []))];

  /** The page policy for one combination, split around the source that allows its inline script. */
  const pagePolicy = (stripe: boolean, tags: boolean): [string, string] => {
    const with_ = (own: string[], kind: 'script' | 'connect' | 'img') =>
      [...own, ...(stripe ? STRIPE[kind] : []), ...(tags ? tagSources(kind) : [])].join(' ');
    const frames = stripe
      ? STRIPE.frame.join(' ')
      : tags && tagSources('frame').length
        ? tagSources('frame').join(' ')
        : "'none'";
    const marker = '\u0000';
    const text = policy([
      ['default-src', "'self'"],
      ['script-src', `${with_(["'self'"], 'script')} ${marker}`],
      ['style-src', "'self' 'unsafe-inline'"],
      ['img-src', with_(["'self'", 'data:', 'blob:'], 'img')],
      ['font-src', "'self'"],
      ['connect-src', with_(["'self'"], 'connect')],
      ['frame-src', frames],
      ['object-src', "'none'"],
      ['base-uri', "'self'"],
      ['form-action', "'self'"],
      ['frame-ancestors', "'none'"],
      ...(https ? ([['upgrade-insecure-requests', '']] as Directives) : []),
    ]);
    const [before = '', after = ''] = text.split(marker);
    return [before, after];
  };
  const pages = [
    [pagePolicy(false, false), pagePolicy(false, true)],
    [pagePolicy(true, false), pagePolicy(true, true)],
  ] as const;
  // The checkout's payment step, and a subscription's page whose card form saves a new card (ADR 0054).
  const stripeOn = (path: string) => Boolean(config.stripe) && (path === '/checkout' || path.startsWith('/subscriptions/'));
  // Never on the payment step, nor on an order's page, whose address is its key (ADR 0038), nor for
  // a browser that sent Global Privacy Control (ADR 0049).
  const tagsOn = (req: FastifyRequest, path: string) =>
    tagSets.length > 0 && path !== '/checkout' && !isOrderPagePath(path) && !sendsGpc(req.raw);

  const fixed: Record<string, string> = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // The origin only, to other sites and to our own pages alike: a page's query never becomes the
    // next page's document.referrer, which marketing tags send on (the checkout's client secret,
    // on the confirmation page). ADR 0018.
    'referrer-policy': 'strict-origin',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    // Vite's dev server injects inline scripts and a websocket client: no policy in development.
    ...(opts.dev ? {} : { 'content-security-policy': NOT_A_PAGE_CSP }),
  };

  const nonces = new WeakMap<FastifyRequest, string>();
  const pagePolicies = new WeakMap<FastifyRequest, readonly [string, string]>();
  app.decorateReply('allowInlineScript', function (this: FastifyReply, hash: string) {
    const parts = pagePolicies.get(this.request);
    if (parts) this.header('content-security-policy', `${parts[0]}'${hash}'${parts[1]}`);
    return this;
  });
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      let nonce = nonces.get(this);
      if (nonce === undefined) {
        nonce = randomBytes(16).toString('base64');
        nonces.set(this, nonce);
      }
      return nonce;
    },
  });
  // Set before the route runs, so a route may replace one (a page opened from a link with a secret sends no Referer).
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(fixed);
    const own = req.routeOptions.config.csp;
    if (own) reply.header('content-security-policy', own);
    else if (!opts.dev) {
      const path = pathOf(req.url);
      if (isPagePath(path)) {
        const parts = pages[stripeOn(path) ? 1 : 0][tagsOn(req, path) ? 1 : 0];
        pagePolicies.set(req, parts);
        reply.header('content-security-policy', `${parts[0]}'nonce-${req.cspNonce}'${parts[1]}`);
      }
    }
    done();
  });
  return fixed;
}

/**
 * The API reference page's own policy (plugins/api-docs-page.ts), in place of the store's: its
 * scripts and styles come from this server, it calls only this server ("Try it out"), and Swagger
 * UI's icons are data: images. No tag, no Stripe, no nonce: the page has no inline script.
 */
export function apiDocsCsp(config: Config): string {
  return policy([
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self' data:"],
    ['connect-src', "'self'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
    ...(config.publicUrl.startsWith('https:') ? ([['upgrade-insecure-requests', '']] as Directives) : []),
  ]);
}
