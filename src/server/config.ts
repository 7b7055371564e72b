import path from 'node:path';
import { z } from 'zod';
import { PGLITE_SHARED_BUFFERS } from '#db/pglite-memory.ts';
import { LoginBodySchema } from '#shared/admin.ts';
import { parseCents } from '#shared/money.ts';

/**
 * The environment, parsed once (docs/engineering.md §3). Nothing else in the server reads process.env.
 * A bad value stops the server with one line per problem.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The embedded database's buffer pool (docs/decisions/0024); PostgreSQL's units. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB or 512kB')
    .default(PGLITE_SHARED_BUFFERS),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  /** How long a request waits for one of the pool's PostgreSQL connections before it is answered 503. */
  DATABASE_POOL_TIMEOUT_MS: positiveInt.max(600_000).default(5000),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADMIN_USERNAME: optionalString,
  // The sign-in form's own rules, so the configured password can be typed there.
  ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(10, 'must be at least 10 characters').pipe(LoginBodySchema.shape.password).optional(),
  ),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  /** Another Stripe API origin: a local fake or stripe-mock (development and tests). */
  STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString,
  SUPPORT_EMAIL: z.email().default('support@ironwakesalts.com'),
  /** Where the owner's alerts go (a product's stock falling low); unset: none are sent. */
  OWNER_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
  SUPPORT_PHONE: z.string().min(3).default('+1-800-555-0199'),
  PRINTER_URL: optionalString.pipe(z.url({ protocol: /^(ipps?|https?)$/ }).optional()),
  SHIP_FROM_NAME: z.string().trim().min(1).max(60).default('Ironwake Salts'),
  SHIP_FROM_STREET: z.string().trim().min(1).max(80).default('1200 Industrial Parkway'),
  SHIP_FROM_CITY: z.string().trim().min(1).max(40).default('Columbus'),
  SHIP_FROM_STATE: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code')
    .default('OH'),
  SHIP_FROM_ZIP: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code')
    .default('43215'),
  LABEL_CARRIER: z.string().trim().min(1).max(40).default('USPS'),
  LABEL_SERVICE: z.string().trim().min(1).max(40).default('Ground Advantage'),
  LABEL_COST_USD: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be an amount like 3.91')
    .default('3.91'),
  /** Who sells the shipping labels: the built-in provider (the store's own label, postage bought apart) or EasyPost. */
  LABEL_PROVIDER: z.enum(['builtin', 'easypost']).default('builtin'),
  EASYPOST_API_KEY: optionalString,
  /** Another EasyPost API origin: a local fake (tests). */
  EASYPOST_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  EASYPOST_WEBHOOK_SECRET: optionalString,
  GA_MEASUREMENT_ID: optionalString,
  GOOGLE_ADS_ID: optionalString,
  GOOGLE_ADS_CONVERSION_LABEL: optionalString,
  META_PIXEL_ID: optionalString,
  /** Which proxies' X-Forwarded-For to believe: 'loopback' (a proxy on this host), 'false', 'true', or addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be true, false, loopback or a list of addresses')
    .default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the API's OpenAPI document (GET /api/openapi.json) and its reference page (GET /api/docs). */
  API_DOCS: z.enum(['true', 'false']).default('true'),
  /** `npm run bench` only: serve GET /api/bench/baseline, the product list as a constant (the limit it is compared to). */
  BENCH_BASELINE: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_CART_PER_MINUTE: positiveInt.default(300),
  RATE_LIMIT_CHECKOUT_PER_MINUTE: positiveInt.default(20),
  RATE_LIMIT_SHIPPING_PER_MINUTE: positiveInt.default(60),
  RATE_LIMIT_LOGIN_PER_15_MIN: positiveInt.default(10),
  RATE_LIMIT_REVIEWS_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_REVIEW_CODES_PER_EMAIL_PER_HOUR: positiveInt.default(5),
  RATE_LIMIT_REVIEW_CODES_PER_IP_PER_HOUR: positiveInt.default(10),
  RATE_LIMIT_ANALYTICS_PER_MINUTE: positiveInt.default(120),
  RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_ORDER_LOOKUPS_PER_EMAIL_PER_HOUR: positiveInt.default(10),
  RATE_LIMIT_ORDER_LINKS_PER_IP_PER_HOUR: positiveInt.default(10),
  RATE_LIMIT_ORDER_LINKS_PER_EMAIL_PER_HOUR: positiveInt.default(3),
  RATE_LIMIT_RETURN_REQUESTS_PER_HOUR: positiveInt.default(10),
  RATE_LIMIT_DISCOUNT_CODES_PER_HOUR: positiveInt.default(30),
  PENDING_ORDER_TTL_MINUTES: positiveInt.default(30),
  /** A checkout's stock is held this long after its page was last open (the page renews it every minute). */
  STOCK_HOLD_MINUTES: positiveInt.default(10),
  /** The most units the checkouts of one address (an IPv4 address or an IPv6 /64) may hold at once. */
  STOCK_HOLD_MAX_UNITS_PER_ADDRESS: positiveInt.default(10),
  RATE_LIMIT_HOLD_PER_MINUTE: positiveInt.default(30),
  /** With no Stripe keys on an https:// store, the built-in test payments must be asked for. */
  ALLOW_TEST_PAYMENTS: z.enum(['true', 'false']).default('false'),
  ANALYTICS_RETENTION_DAYS: positiveInt.default(400),
  /** Slow and idle clients: see Config.http. */
  REQUEST_TIMEOUT_MS: positiveInt.default(60_000),
  HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(72_000),
  CONNECTION_TIMEOUT_MS: positiveInt.default(60_000),
});

/** Rules across variables, checked on the raw values so they are reported with every other problem. */
function crossFieldProblems(src: Record<string, string | undefined>): string[] {
  const has = (k: string) => Boolean(src[k]?.trim());
  const problems: string[] = [];
  const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'].filter(has).length;
  if (stripe !== 0 && stripe !== 3) {
    problems.push(
      'STRIPE_SECRET_KEY: set all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, or none',
    );
  }
  const ms = (k: string, fallback: number) => (has(k) ? Number(src[k]) : fallback);
  if (ms('HEADERS_TIMEOUT_MS', 10_000) > ms('REQUEST_TIMEOUT_MS', 60_000))
    problems.push('HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)');
  if (src.LABEL_PROVIDER?.trim() === 'easypost') {
    for (const k of ['EASYPOST_API_KEY', 'EASYPOST_WEBHOOK_SECRET']) {
      if (!has(k)) problems.push(`${k}: required with LABEL_PROVIDER=easypost (see docs/features.md, "Real postage")`);
    }
  }
  if (has('ADMIN_USERNAME') !== has('ADMIN_PASSWORD'))
    problems.push('ADMIN_PASSWORD: set ADMIN_USERNAME and ADMIN_PASSWORD together');
  // A public store without Stripe would take orders for test payments and never see the money.
  if (stripe === 0 && /^https:/i.test(src.PUBLIC_URL?.trim() ?? '') && src.ALLOW_TEST_PAYMENTS?.trim() !== 'true') {
    problems.push(
      'STRIPE_SECRET_KEY: PUBLIC_URL is https:// but no Stripe keys are set, so orders would be paid with test cards and no money taken. Set the Stripe keys, or ALLOW_TEST_PAYMENTS=true for a test store',
    );
  }
  return problems;
}

export type Env = z.input<typeof ConfigSchema>;

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
  };
  readonly pendingOrderTtlMinutes: number;
  readonly stockHold: {
    readonly minutes: number;
    readonly maxUnitsPerAddress: number;
    readonly renewPerMinute: number;
  };
  readonly analyticsRetentionDays: number;
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
    },
    pendingOrderTtlMinutes: e.PENDING_ORDER_TTL_MINUTES,
    stockHold: {
      minutes: e.STOCK_HOLD_MINUTES,
      maxUnitsPerAddress: e.STOCK_HOLD_MAX_UNITS_PER_ADDRESS,
      renewPerMinute: e.RATE_LIMIT_HOLD_PER_MINUTE,
    },
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    },
  });
}
