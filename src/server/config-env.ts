import { z } from 'zod';
import { PGLITE_SHARED_BUFFERS } from '#db/pglite-memory.ts';
import { LoginBodySchema } from '#shared/admin.ts';

/* The environment's variables as the store reads them (docs/configuration.md): each one's rule and default. */

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
  /** Who works out sales tax: nobody (a store not registered to collect it anywhere) or Stripe Tax (docs/decisions/0047). */
  TAX_PROVIDER: z.enum(['none', 'stripe']).default('none'),
  /** Stripe's product tax code sent with every line (txcd_ and 8 digits); unset: the default of the Stripe account's tax settings. */
  STRIPE_TAX_CODE: optionalString.pipe(
    z
      .string()
      .regex(/^txcd_\d{8}$/, 'must be a Stripe tax code such as txcd_99999999')
      .optional(),
  ),
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
  /** Webhooks may go to loopback, private and link-local addresses, and over http (tests and local tools only). */
  WEBHOOKS_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).default('false'),
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
  RATE_LIMIT_REACTION_REPORTS_PER_IP_PER_HOUR: positiveInt.default(5),
  RATE_LIMIT_REACTION_REPORTS_PER_HOUR: positiveInt.default(60),
  RATE_LIMIT_PRIVACY_REQUESTS_PER_MINUTE: positiveInt.default(20),
  RATE_LIMIT_SUBSCRIPTION_PAGE_PER_MINUTE: positiveInt.default(30),
  PENDING_ORDER_TTL_MINUTES: positiveInt.default(30),
  /** A checkout's stock is held this long after its page was last open (the page renews it every minute). */
  STOCK_HOLD_MINUTES: positiveInt.default(10),
  /** The most units the checkouts of one address (an IPv4 address or an IPv6 /64) may hold at once. */
  STOCK_HOLD_MAX_UNITS_PER_ADDRESS: positiveInt.default(10),
  RATE_LIMIT_HOLD_PER_MINUTE: positiveInt.default(30),
  /** With no Stripe keys on an https:// store, the built-in test payments must be asked for. */
  ALLOW_TEST_PAYMENTS: z.enum(['true', 'false']).default('false'),
  ANALYTICS_RETENTION_DAYS: positiveInt.default(400),
  /** The report reads the vitals' p75 the minute sweep stored while it is younger than this; 0: counted on each report. */
  ANALYTICS_VITALS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** Slow and idle clients: see Config.http. */
  REQUEST_TIMEOUT_MS: positiveInt.default(60_000),
  HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(72_000),
  CONNECTION_TIMEOUT_MS: positiveInt.default(60_000),
});

/** Rules across variables, checked on the raw values so they are reported with every other problem. */
export function crossFieldProblems(src: Record<string, string | undefined>): string[] {
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
  if (src.TAX_PROVIDER?.trim() === 'stripe' && !has('STRIPE_SECRET_KEY')) {
    problems.push(
      'TAX_PROVIDER: stripe needs the Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET): Stripe Tax works out the tax of Stripe payments',
    );
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
