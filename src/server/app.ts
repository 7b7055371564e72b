import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '#db/client.ts';
import type { Config } from './config.ts';
import { adminAuthPlugin } from './domains/admin-auth/plugin.ts';
import { analyticsPlugin } from './domains/analytics/plugin.ts';
import { auditPlugin } from './domains/audit/plugin.ts';
import { cartPlugin } from './domains/cart/plugin.ts';
import { catalogPlugin } from './domains/catalog/plugin.ts';
import { checkoutPlugin } from './domains/checkout/plugin.ts';
import { discountsPlugin } from './domains/discounts/plugin.ts';
import { filesPlugin } from './domains/files/plugin.ts';
import { labelsPlugin } from './domains/fulfilment/labels-plugin.ts';
import type { LabelProvider } from './domains/fulfilment/label-provider.ts';
import { fulfilmentPlugin } from './domains/fulfilment/plugin.ts';
import { orderLinksPlugin } from './domains/order-status/links-plugin.ts';
import { orderStatusPlugin } from './domains/order-status/plugin.ts';
import { reactionsPlugin } from './domains/reactions/plugin.ts';
import { ordersPlugin } from './domains/orders/plugin.ts';
import { paymentsPlugin } from './domains/payments/plugin.ts';
import { privacyPlugin } from './domains/privacy/plugin.ts';
import type { PaymentProvider } from './domains/payments/provider.ts';
import { recoveryPlugin } from './domains/recovery/plugin.ts';
import { reordersPlugin } from './domains/reorders/plugin.ts';
import { subscriptionsPlugin } from './domains/subscriptions/plugin.ts';
import { returnsPlugin } from './domains/returns/plugin.ts';
import { reviewLinksPlugin } from './domains/reviews/links-plugin.ts';
import { reviewsPlugin } from './domains/reviews/plugin.ts';
import { settingsPlugin } from './domains/settings/plugin.ts';
import { staffPlugin } from './domains/staff/plugin.ts';
import { taxPlugin } from './domains/tax/plugin.ts';
import type { TaxProvider } from './domains/tax/provider.ts';
import type { Resolve } from './domains/webhooks/addresses.ts';
import { webhooksPlugin } from './domains/webhooks/plugin.ts';
import { benchBaselineRoutes } from './plugins/bench-baseline.ts';
import { corePlugin } from './plugins/core.ts';
import { healthRoutes } from './domains/health/routes.ts';
import { logDestination } from './lib/log-destination.ts';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';
import { guardAdminScope, requireAdmin } from './plugins/admin-guard.ts';
import { EarlyAnswers } from './plugins/early-answers.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { OneLinePerRequest, registerRequestContext } from './plugins/request-context.ts';
import { registerSecurity } from './plugins/security.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { registerSeo } from './plugins/seo.ts';
import { registerSsr, type SsrMode } from './plugins/ssr.ts';

export interface BuildOptions {
  /** How pages are rendered: from the build ('prod'), through Vite ('dev'), or not at all ('off'). */
  ssr?: SsrMode;
  /** Use an already opened database (tests); it is closed with the app unless keepDatabaseOpen. */
  database?: DatabaseHandle;
  keepDatabaseOpen?: boolean;
  /** Seed the catalog into an empty database (default true). */
  seed?: boolean;
  /** A payment provider other than the configured one (tests). */
  paymentProvider?: PaymentProvider;
  /** A label provider other than the configured one (tests). */
  labelProvider?: LabelProvider;
  /** A tax provider other than the configured one (tests). */
  taxProvider?: TaxProvider;
  /** How webhooks resolve host names, when not the system's (tests). */
  webhookResolver?: Resolve;
}

/** The one way to build the server, for production and for every test (docs/house.md). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const ssr = opts.ssr ?? (config.env === 'development' ? 'dev' : config.env === 'production' ? 'prod' : 'off');
  const early = new EarlyAnswers();
  const app = Fastify({
    serverFactory: early.serverFactory,
    genReqId: early.nextRequestId,
    logger: {
      level: config.logLevel,
      // Keys to a cart or a checkout never reach the log (lib/log-serializers.ts), nor do database
      // errors' values; a log call passing such an id as a field prints [Redacted].
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-session-id"]', 'paymentIntentId', 'sessionId'],
      serializers: {
        req: serializeRequest,
        err: serializeError,
      },
      ...(config.env === 'development' && process.stdout.isTTY
        ? { transport: { target: 'pino-pretty' } }
        : { stream: logDestination() }),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    // Opening and migrating the database (the core plugin) on a busy machine, and a domain's first
    // queries, may take longer than Fastify's 10 s default.
    pluginTimeout: 120_000,
    // An order page's signed token is one path parameter of about 110 characters (docs/decisions/0038).
    routerOptions: { maxParamLength: 512 },
    // Only the configured proxies may set the client address; anyone else's X-Forwarded-For is ignored.
    trustProxy: config.trustProxy,
    forceCloseConnections: true,
    return503OnClosing: true,
    // Slow and idle clients cannot hold connections (docs/configuration.md): a body trickled a byte
    // a minute is cut off at requestTimeout, whatever keeps the socket busy.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      // Node looks for requests past those two timeouts only this often (30 s by default, which
      // would let a 10 s limit run to 40 s).
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs) / 4)),
      ),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body type is refused with 415.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  await app.register(corePlugin, { database: opts.database, keepDatabaseOpen: opts.keepDatabaseOpen, seed: opts.seed });
  app.decorateRequest('admin', null);

  registerErrorHandler(app);
  const notAPage = await registerSecurity(app, config, { dev: ssr === 'dev' });
  app.decorate('earlyAnswers', early);
  early.start(app.log, notAPage);
  app.addHook('preClose', (done) => {
    early.close();
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerRequestContext(app);
  app.decorate('requireAdmin', requireAdmin(config));
  // Everything the owner can see or change: a valid session and a same-origin request (docs/engineering.md §6).
  app.decorate('registerAdminRoutes', async function (this: typeof app, routes: FastifyPluginAsyncZod) {
    await this.register(async (admin) => {
      guardAdminScope(admin, config);
      await admin.register(routes);
    });
  });
  // On PostgreSQL every instance counts in the database; PGlite's store is one process, which counts in memory.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.network,
    ...(app.database.driver === 'postgres' ? { store: databaseRateLimitStore(app.database.db) } : {}),
  });
  await app.register(cookie);
  // Before every route: the API description is made from the routes registered after it.
  if (config.apiDocs) await registerOpenApi(app);

  await app.register(healthRoutes);
  if (config.benchBaseline) await app.register(benchBaselineRoutes);
  // Each domain wires itself: its service from the services it depends on, and its routes.
  // The activity log first: its hooks record the admin writes of every domain after it.
  await app.register(auditPlugin);
  await app.register(settingsPlugin);
  await app.register(webhooksPlugin, { resolve: opts.webhookResolver });
  await app.register(filesPlugin);
  await app.register(catalogPlugin);
  await app.register(cartPlugin);
  await app.register(paymentsPlugin, { provider: opts.paymentProvider });
  await app.register(labelsPlugin, { provider: opts.labelProvider });
  await app.register(taxPlugin, { provider: opts.taxProvider });
  await app.register(orderLinksPlugin);
  await app.register(reviewLinksPlugin);
  await app.register(discountsPlugin);
  await app.register(ordersPlugin);
  await app.register(subscriptionsPlugin);
  await app.register(checkoutPlugin);
  await app.register(reviewsPlugin);
  await app.register(adminAuthPlugin);
  await app.register(staffPlugin);
  await app.register(fulfilmentPlugin);
  await app.register(returnsPlugin);
  await app.register(orderStatusPlugin);
  await app.register(recoveryPlugin);
  await app.register(reordersPlugin);
  await app.register(reactionsPlugin);
  await app.register(privacyPlugin);
  await app.register(analyticsPlugin);
  await registerSeo(app);
  await registerSsr(app, ssr);

  return app;
}
