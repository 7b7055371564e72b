import path from 'node:path';
import { parseCents } from '#shared/money.ts';
import { ConfigSchema, crossFieldProblems } from './config-env.ts';

/**
 * The environment, parsed once (docs/engineering.md §3). Nothing else in the server reads process.env.
 * A bad value stops the server with one line per problem.
 */
export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL server URL, or undefined for the embedded database in dataDir ('memory://' keeps it in memory). */
  readonly databaseUrl: string | undefined;
  /** PGlite's shared_buffers. */
  readonly pgliteSharedBuffers: string;
  readonly databasePoolTimeoutMs: number;
  readonly publicUrl: string;
  readonly logLevel: string;
  /** `npm run bench`'s constant-JSON route (bench/README.md). */
  readonly benchBaseline: boolean;
  /** GET /api/openapi.json and GET /api/docs (docs/decisions/0023). */
  readonly apiDocs: boolean;
  /** Fastify's trustProxy: whose X-Forwarded-For sets the client address (per-IP limits). */
  readonly trustProxy: boolean | string;
  readonly admin: { readonly username: string; readonly password: string } | undefined;
  readonly stripe:
    | {
        readonly secretKey: string;
        readonly publishableKey: string;
        readonly webhookSecret: string;
        /** undefined: Stripe's own API. */
        readonly apiUrl: string | undefined;
        /** 'live' with live keys (sk_live_, rk_live_): real money. */
        readonly mode: 'test' | 'live';
      }
    | undefined;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string };
  readonly support: { readonly email: string; readonly phone: string };
  /** The owner's address for the store's alerts (low stock, docs/decisions/0029); undefined: no alerts. */
  readonly ownerEmail: string | undefined;
  /** Webhooks out (docs/decisions/0058): whether endpoints may be private addresses or plain http. */
  readonly webhooks: { readonly allowPrivateUrls: boolean };
  readonly printerUrl: string | undefined;
  readonly shipping: {
    readonly from: {
      readonly name: string;
      readonly street: string;
      readonly city: string;
      readonly state: string;
      readonly zip: string;
    };
    readonly carrier: string;
    readonly service: string;
    readonly labelCostCents: number;
  };
  /** The label provider: the built-in one, or EasyPost with its key and webhook secret (docs/decisions/0036). */
  readonly labels:
    | { readonly provider: 'builtin' }
    | {
        readonly provider: 'easypost';
        readonly apiKey: string;
        readonly webhookSecret: string;
        /** undefined: EasyPost's own API. */
        readonly apiUrl: string | undefined;
      };
  /** The sales tax provider (docs/decisions/0047): none, or Stripe Tax with the store's Stripe key. */
  readonly tax:
    | { readonly provider: 'none' }
    | {
        readonly provider: 'stripe';
        readonly secretKey: string;
        /** undefined: Stripe's own API. */
        readonly apiUrl: string | undefined;
        /** undefined: the Stripe account's default tax code. */
        readonly productTaxCode: string | undefined;
      };
  readonly tags: {
    readonly gaMeasurementId: string | undefined;
    readonly googleAdsId: string | undefined;
    readonly googleAdsConversionLabel: string | undefined;
    readonly metaPixelId: string | undefined;
  };
  readonly rateLimits: {
    readonly cartPerMinute: number;
    readonly checkoutPerMinute: number;
    readonly shippingPerMinute: number;
    readonly loginPer15Min: number;
    readonly reviewsPerHour: number;
    /** Verification codes e-mailed per hour to one address, and asked for by one client address. */
    readonly reviewCodesPerEmailPerHour: number;
    readonly reviewCodesPerIpPerHour: number;
    readonly analyticsPerMinute: number;
    /** The shopper's order lookups per hour, by client address and by e-mail address (every instance counts the same). */
    readonly orderLookupsPerIpPerHour: number;
    readonly orderLookupsPerEmailPerHour: number;
    /** "E-mail me my order links" per hour, by client address, and e-mails sent to one mailbox. */
    readonly orderLinksPerIpPerHour: number;
    readonly orderLinksPerEmailPerHour: number;
    /** Return requests per hour from one client address. */
    readonly returnRequestsPerHour: number;
    /** Discount codes tried per hour from one client address (every instance counts the same). */
    readonly discountCodesPerHour: number;
    /** Reaction reports per hour from one client network, and to the whole store (docs/decisions/0050). */
    readonly reactionReportsPerIpPerHour: number;
    readonly reactionReportsPerHour: number;
    /** The owner's customer data downloads and erasures per minute from one client address. */
    readonly privacyRequestsPerMinute: number;
    /** Each call of the shopper's subscription page per minute from one client network (docs/decisions/0054). */
    readonly subscriptionPagePerMinute: number;
  };
  readonly pendingOrderTtlMinutes: number;
  readonly stockHold: {
    readonly minutes: number;
    readonly maxUnitsPerAddress: number;
    readonly renewPerMinute: number;
  };
  readonly analyticsRetentionDays: number;
  /** How old the stored Core Web Vitals p75 may be for the report to use it, in seconds; 0: counted on each report (ADR 0061). */
  readonly analyticsVitalsMaxAgeSeconds: number;
  /** How long a slow or idle client may hold a connection, in ms. */
  readonly http: {
    /** the whole request, headers and body, must have arrived within this */
    readonly requestTimeoutMs: number;
    /** its headers within this */
    readonly headersTimeoutMs: number;
    /** a kept-alive connection waits this long for the next request */
    readonly keepAliveTimeoutMs: number;
    /** a connection on which nothing moves (a client that stops reading) closes after this */
    readonly connectionTimeoutMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

function deepFreeze<T extends object>(o: T): Readonly<T> {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
}

/** Parses an environment (process.env by default) into the frozen Config. Throws ConfigError. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(source);
  const problems = [
    ...(parsed.error?.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`) ?? []),
    ...crossFieldProblems(source),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  return deepFreeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    databasePoolTimeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    benchBaseline: e.BENCH_BASELINE === 'true',
    apiDocs: e.API_DOCS === 'true',
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
            mode: /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY) ? 'live' : 'test',
          }
        : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Ironwake Salts <${e.SUPPORT_EMAIL}>` },
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    ownerEmail: e.OWNER_EMAIL,
    webhooks: { allowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true' },
    printerUrl: e.PRINTER_URL,
    shipping: {
      from: {
        name: e.SHIP_FROM_NAME,
        street: e.SHIP_FROM_STREET,
        city: e.SHIP_FROM_CITY,
        state: e.SHIP_FROM_STATE.toUpperCase(),
        zip: e.SHIP_FROM_ZIP,
      },
      carrier: e.LABEL_CARRIER,
      service: e.LABEL_SERVICE,
      labelCostCents: parseCents(e.LABEL_COST_USD),
    },
    labels:
      e.LABEL_PROVIDER === 'easypost' && e.EASYPOST_API_KEY && e.EASYPOST_WEBHOOK_SECRET
        ? {
            provider: 'easypost',
            apiKey: e.EASYPOST_API_KEY,
            webhookSecret: e.EASYPOST_WEBHOOK_SECRET,
            apiUrl: e.EASYPOST_API_URL,
          }
        : { provider: 'builtin' },
    tax:
      e.TAX_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY
        ? { provider: 'stripe', secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL, productTaxCode: e.STRIPE_TAX_CODE }
        : { provider: 'none' },
    tags: {
      gaMeasurementId: e.GA_MEASUREMENT_ID,
      googleAdsId: e.GOOGLE_ADS_ID,
      googleAdsConversionLabel: e.GOOGLE_ADS_CONVERSION_LABEL,
      metaPixelId: e.META_PIXEL_ID,
    },
    rateLimits: {
      cartPerMinute: e.RATE_LIMIT_CART_PER_MINUTE,
      checkoutPerMinute: e.RATE_LIMIT_CHECKOUT_PER_MINUTE,
      shippingPerMinute: e.RATE_LIMIT_SHIPPING_PER_MINUTE,
      loginPer15Min: e.RATE_LIMIT_LOGIN_PER_15_MIN,
      reviewsPerHour: e.RATE_LIMIT_REVIEWS_PER_HOUR,
      reviewCodesPerEmailPerHour: e.RATE_LIMIT_REVIEW_CODES_PER_EMAIL_PER_HOUR,
      reviewCodesPerIpPerHour: e.RATE_LIMIT_REVIEW_CODES_PER_IP_PER_HOUR,
      analyticsPerMinute: e.RATE_LIMIT_ANALYTICS_PER_MINUTE,
      orderLookupsPerIpPerHour: e.RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR,
      orderLookupsPerEmailPerHour: e.RATE_LIMIT_ORDER_LOOKUPS_PER_EMAIL_PER_HOUR,
      orderLinksPerIpPerHour: e.RATE_LIMIT_ORDER_LINKS_PER_IP_PER_HOUR,
      orderLinksPerEmailPerHour: e.RATE_LIMIT_ORDER_LINKS_PER_EMAIL_PER_HOUR,
      returnRequestsPerHour: e.RATE_LIMIT_RETURN_REQUESTS_PER_HOUR,
      discountCodesPerHour: e.RATE_LIMIT_DISCOUNT_CODES_PER_HOUR,
      reactionReportsPerIpPerHour: e.RATE_LIMIT_REACTION_REPORTS_PER_IP_PER_HOUR,
      reactionReportsPerHour: e.RATE_LIMIT_REACTION_REPORTS_PER_HOUR,
      privacyRequestsPerMinute: e.RATE_LIMIT_PRIVACY_REQUESTS_PER_MINUTE,
      subscriptionPagePerMinute: e.RATE_LIMIT_SUBSCRIPTION_PAGE_PER_MINUTE,
    },
    pendingOrderTtlMinutes: e.PENDING_ORDER_TTL_MINUTES,
    stockHold: {
      minutes: e.STOCK_HOLD_MINUTES,
      maxUnitsPerAddress: e.STOCK_HOLD_MAX_UNITS_PER_ADDRESS,
      renewPerMinute: e.RATE_LIMIT_HOLD_PER_MINUTE,
    },
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    analyticsVitalsMaxAgeSeconds: e.ANALYTICS_VITALS_MAX_AGE_SECONDS,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    },
  });
}
