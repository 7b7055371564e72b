import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import { isOrderPagePath } from '#shared/order-paths.ts';
import type { FastifyInstance } from 'fastify';
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

type Raw = IncomingMessage & { cspNonce?: string };
const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0];

/**
 * Security headers with a Content-Security-Policy that allows exactly the origins in use:
 * our own, and the third-party services only when configured and only where used (Stripe on
 * /checkout and a subscription's page; the marketing tags, when configured, everywhere but /checkout).
 * The one inline script (the SSR state) carries a per-request nonce; styles allow inline style
 * attributes (Radix positions popovers with them), so they get no nonce.
 */
declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}
export async function registerSecurity(app: FastifyInstance, config: Config, opts: { dev: boolean }): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  // The checkout's payment step, and a subscription's page whose card form saves a new card (ADR 0054).
  const stripeOn = (req: IncomingMessage) =>
    Boolean(config.stripe) && (pathOf(req) === '/checkout' || (pathOf(req) ?? '').startsWith('/subscriptions/'));
  const t = config.tags;
  const tagSets = [
    ...(t.gaMeasurementId || t.googleAdsId ? [GOOGLE] : []),
    ...(t.googleAdsId ? [GOOGLE_ADS] : []),
    ...(t.metaPixelId ? [META] : []),
  ] as { script?: string[]; connect?: string[]; img?: string[]; frame?: string[] }[];
  // Never on the payment step, nor on an order's page, whose address is its key (ADR 0038), nor for
  // a browser that sent Global Privacy Control (ADR 0049).
  const tagsOn = (req: IncomingMessage) =>
    tagSets.length > 0 && pathOf(req) !== '/checkout' && !isOrderPagePath(pathOf(req) ?? '') && !sendsGpc(req);
  const tagSources = (kind: 'script' | 'connect' | 'img' | 'frame') => [...new Set(tagSets.flatMap((set) => set[kind] ?? []))];
  /** A directive's sources, with Stripe's on the page that uses it and the tags' everywhere else. */
  const sources =
    (own: string[], stripe: string[], kind: 'script' | 'connect' | 'img', extra?: (req: Raw) => string[]) =>
    (req: IncomingMessage): string =>
      [...own, ...(extra?.(req as Raw) ?? []), ...(stripeOn(req) ? stripe : []), ...(tagsOn(req) ? tagSources(kind) : [])].join(
        ' ',
      );
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (req) => {
    req.cspNonce = randomBytes(16).toString('base64');
    (req.raw as IncomingMessage & { cspNonce?: string }).cspNonce = req.cspNonce;
  });
  await app.register(helmet, {
    contentSecurityPolicy: opts.dev
      ? false // Vite's dev server injects inline scripts and a websocket client
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [sources(["'self'"], STRIPE.script, 'script', (req) => [`'nonce-${req.cspNonce}'`])],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: [sources(["'self'", 'data:', 'blob:'], STRIPE.img, 'img')],
            fontSrc: ["'self'"],
            connectSrc: [sources(["'self'"], STRIPE.connect, 'connect')],
            frameSrc: [
              (req) =>
                stripeOn(req)
                  ? STRIPE.frame.join(' ')
                  : tagsOn(req) && tagSources('frame').length
                    ? tagSources('frame').join(' ')
                    : "'none'",
            ],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The origin only, to other sites and to our own pages alike: a page's query never becomes the
    // next page's document.referrer, which marketing tags send on (the checkout's client secret,
    // on the confirmation page). ADR 0018.
    referrerPolicy: { policy: 'strict-origin' },
  });
}

/**
 * The API reference page's own policy (plugins/api-docs-page.ts), in place of the store's: its
 * scripts and styles come from this server, it calls only this server ("Try it out"), and Swagger
 * UI's icons are data: images. No tag, no Stripe, no nonce: the page has no inline script.
 */
export function apiDocsCsp(config: Config) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
      ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}
