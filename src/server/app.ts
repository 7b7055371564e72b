import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openDatabase, type DatabaseHandle } from '#db/client.ts';
import { seedCatalog } from '#db/seed.ts';
import { SHIPPING } from '#shared/constants.ts';
import { parseCents } from '#shared/money.ts';
import type { Config } from './config.ts';
import { adminAuthRoutes } from './domains/admin-auth/routes.ts';
import { adminAnalyticsRoutes, analyticsCollectRoutes } from './domains/analytics/routes.ts';
import { type AnalyticsService, createAnalyticsService } from './domains/analytics/service.ts';
import { type AdminAuthService, createAdminAuthService } from './domains/admin-auth/service.ts';
import { cartRoutes } from './domains/cart/routes.ts';
import { adminCatalogRoutes } from './domains/catalog/admin-routes.ts';
import { type CartService, createCartService } from './domains/cart/service.ts';
import { catalogRoutes } from './domains/catalog/routes.ts';
import { checkoutRoutes } from './domains/checkout/routes.ts';
import { type CheckoutService, createCheckoutService } from './domains/checkout/service.ts';
import { type CatalogService, createCatalogService } from './domains/catalog/service.ts';
import { benchBaselineRoutes } from './plugins/bench-baseline.ts';
import { createFileStore, type FileStore, importFilesFromDisk } from './domains/files/service.ts';
import { createBuiltinLabelProvider } from './domains/fulfilment/builtin-labels.ts';
import type { LabelProvider } from './domains/fulfilment/label-provider.ts';
import { adminDiscountRoutes } from './domains/discounts/routes.ts';
import { createDiscountsService, type DiscountsService } from './domains/discounts/service.ts';
import { adminFulfilmentRoutes } from './domains/fulfilment/routes.ts';
import { createFulfilmentService, type FulfilmentService } from './domains/fulfilment/service.ts';
import { labelWebhookRoutes } from './domains/fulfilment/webhook-routes.ts';
import { createOrderLinks } from './domains/order-status/links.ts';
import { orderStatusRoutes } from './domains/order-status/routes.ts';
import { createOrderStatusService, type OrderStatusService } from './domains/order-status/service.ts';
import { adminReturnRoutes } from './domains/returns/routes.ts';
import { createReturnsService, type ReturnsService } from './domains/returns/service.ts';
import { createRecoveryLinks } from './domains/recovery/links.ts';
import { recoveryRoutes } from './domains/recovery/routes.ts';
import { createRecoveryService, type RecoveryService } from './domains/recovery/service.ts';
import { adminSettingsRoutes } from './domains/settings/routes.ts';
import { createSettingsService, type SettingsService } from './domains/settings/service.ts';
import { healthRoutes } from './domains/health/routes.ts';
import { adminReviewRoutes, reviewRoutes } from './domains/reviews/routes.ts';
import { createReviewsService, type ReviewsService } from './domains/reviews/service.ts';
import { adminOrderRoutes } from './domains/orders/admin-routes.ts';
import { adminRefundRoutes } from './domains/checkout/admin-routes.ts';
import { adminCustomerRoutes } from './domains/orders/customer-routes.ts';
import { createCustomersService, type CustomersService } from './domains/orders/customers.ts';
import { createOrdersService, type OrdersService } from './domains/orders/service.ts';
import { paymentRoutes } from './domains/payments/routes.ts';
import type { PaymentProvider } from './domains/payments/provider.ts';
import { createPaymentsService, type PaymentsService } from './domains/payments/service.ts';
import { stripeWebhookRoutes } from './domains/payments/webhook-routes.ts';
import { createOutbox, type Outbox } from './lib/mail-outbox.ts';
import { ensureSecret } from './lib/server-secrets.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { redactKeys, serializeError } from './lib/log-serializers.ts';
import { createLocalNotifier, createPgNotifier, type Notifier } from './lib/notifier.ts';
import { guardAdminScope, requireAdmin } from './plugins/admin-guard.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSeo } from './plugins/seo.ts';
import { registerSsr, type SsrMode } from './plugins/ssr.ts';

export interface Services {
  catalog: CatalogService;
  cart: CartService;
  payments: PaymentsService;
  orders: OrdersService;
  /** The owner's customers, read from the orders (the orders domain's). */
  customers: CustomersService;
  checkout: CheckoutService;
  adminAuth: AdminAuthService;
  reviews: ReviewsService;
  fulfilment: FulfilmentService;
  returns: ReturnsService;
  /** Abandoned-checkout reminders and their links (docs/decisions/0041). */
  recovery: RecoveryService;
  /** The shopper's order page. */
  orderStatus: OrderStatusService;
  analytics: AnalyticsService;
  /** The store's settings the owner edits (docs/decisions/0039). */
  settings: SettingsService;
  /** Discount codes and their uses (docs/decisions/0040). */
  discounts: DiscountsService;
  outbox: Outbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    services: Services;
    mailer: Mailer;
    uploads: FileStore;
  }
}

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
}

/** The one way to build the server, for production and for every test (docs/house.md). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const ssr = opts.ssr ?? (config.env === 'development' ? 'dev' : config.env === 'production' ? 'prod' : 'off');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Keys to a cart or a checkout never reach the log (lib/log-serializers.ts), nor do database
      // errors' values; a log call passing such an id as a field prints [Redacted].
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-session-id"]', 'paymentIntentId', 'sessionId'],
      serializers: {
        req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: redactKeys(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
        err: serializeError,
      },
      ...(config.env === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
    },
    bodyLimit: 64 * 1024,
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

  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      sharedBuffers: config.pgliteSharedBuffers,
      poolTimeoutMs: config.databasePoolTimeoutMs,
    }));
  if (!opts.database || !opts.keepDatabaseOpen) app.addHook('onClose', () => database.close());
  const tokenSecret = await database.exclusive(async () => {
    await database.migrate();
    if (opts.seed !== false) await seedCatalog(database.db);
    return ensureSecret(database.db, 'tokens');
  });

  const notifier: Notifier =
    database.pool && config.databaseUrl ? createPgNotifier(config.databaseUrl, database.pool, app.log) : createLocalNotifier();
  app.addHook('onClose', () => notifier.close());
  // Listen for other instances' changes before answering from any cache.
  await notifier.ready();

  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());
  const outbox = createOutbox({ db: database.db, mailer, log: app.log });
  // Hooks run last-registered first: a delivery under way ends before the mailer and the database close.
  app.addHook('onClose', () => outbox.close());
  const settings = await createSettingsService(database.db, notifier, {
    shippingRateCents: parseCents(SHIPPING.rateUsd),
    supportEmail: config.support.email,
    supportPhone: config.support.phone,
    ownerEmail: config.ownerEmail,
  });
  // The support contacts and the owner's address are the settings' as they are when an e-mail is written.
  const store = {
    publicUrl: config.publicUrl,
    get supportEmail() {
      return settings.current().supportEmail;
    },
    get supportPhone() {
      return settings.current().supportPhone;
    },
  };
  const ownerAlerts = {
    get ownerEmail() {
      return settings.current().ownerEmail ?? undefined;
    },
  };
  const uploads = createFileStore(database.db, 'uploads');
  const catalog = createCatalogService(
    database.db,
    notifier,
    {
      outbox,
      get ownerEmail() {
        return ownerAlerts.ownerEmail;
      },
      store,
    },
    uploads,
  );
  const cart = createCartService(database.db, catalog);
  app.decorate('config', config);
  app.decorate('database', database);
  // Stripe's SDK loads only in a store that takes Stripe payments (lib/on-demand.ts says why).
  const stripe = config.stripe && !opts.paymentProvider ? await import('./domains/payments/stripe-provider.ts') : undefined;
  const payments = createPaymentsService(
    database.db,
    opts.paymentProvider ?? (config.stripe && stripe ? stripe.createStripeProvider(config.stripe) : undefined),
  );
  const labels = config.labels;
  // EasyPost's SDK likewise, only in a store that buys postage through EasyPost.
  const labelProvider =
    opts.labelProvider ??
    (labels.provider === 'easypost'
      ? (await import('./domains/fulfilment/easypost-provider.ts')).createEasyPostProvider({
          apiKey: labels.apiKey,
          apiUrl: labels.apiUrl,
          webhookSecret: labels.webhookSecret,
        })
      : createBuiltinLabelProvider({ ...config.shipping, costCents: config.shipping.labelCostCents }));
  const orderLinks = createOrderLinks(tokenSecret, config.publicUrl);
  const discounts = createDiscountsService(database.db, {
    knownProductIds: (ids) => catalog.knownProductIds(ids),
    triesPerHour: config.rateLimits.discountCodesPerHour,
  });
  const orders = createOrdersService({
    db: database.db,
    catalog,
    discounts,
    outbox,
    store,
    // The delivered e-mail's review links are the reviews' (built below; a link is made only when an order ships).
    reviewLink: (email, productId) => reviews.reviewLink(email, productId),
    orderPageLink: orderLinks.link,
    deliveriesTracked: labelProvider.tracks,
  });
  const checkout = createCheckoutService({
    db: database.db,
    cart,
    catalog,
    orders,
    payments,
    log: app.log,
    pendingOrderTtlMinutes: config.pendingOrderTtlMinutes,
    shipping: settings.shipping,
    discounts,
    orderPageLink: orderLinks.link,
    hold: { minutes: config.stockHold.minutes, maxUnitsPerAddress: config.stockHold.maxUnitsPerAddress },
  });
  const reviews = createReviewsService({
    db: database.db,
    catalog,
    orders,
    notifier,
    outbox,
    secret: tokenSecret,
    store,
    limits: {
      perHour: config.rateLimits.reviewsPerHour,
      codesPerEmailPerHour: config.rateLimits.reviewCodesPerEmailPerHour,
      codesPerIpPerHour: config.rateLimits.reviewCodesPerIpPerHour,
    },
  });
  const adminAuth = createAdminAuthService(database.db, { loginPer15Min: config.rateLimits.loginPer15Min });
  if (config.admin) await adminAuth.ensureAdmin(config.admin.username, config.admin.password);
  app.decorate('mailer', mailer);
  // Files from the older on-disk layout move into the database once (ADR 0015).
  for (const folder of ['uploads', 'labels'] as const) {
    const copied = await importFilesFromDisk(database.db, config.dataDir, folder);
    if (copied > 0) app.log.info({ folder, copied }, 'files copied from the data folder into the database');
  }
  app.decorate('uploads', uploads);
  const fulfilment = createFulfilmentService({
    db: database.db,
    config,
    orders,
    catalog,
    provider: labelProvider,
    labels: createFileStore(database.db, 'labels'),
    log: app.log,
  });
  const returns = createReturnsService({
    db: database.db,
    orders,
    checkout,
    fulfilment,
    outbox,
    orderPageLink: orderLinks.link,
    store,
    get ownerEmail() {
      return ownerAlerts.ownerEmail;
    },
    log: app.log,
  });
  const orderStatus = createOrderStatusService({
    db: database.db,
    orders,
    fulfilment,
    returns,
    links: orderLinks,
    outbox,
    store,
    limits: {
      lookupsPerIpPerHour: config.rateLimits.orderLookupsPerIpPerHour,
      lookupsPerEmailPerHour: config.rateLimits.orderLookupsPerEmailPerHour,
      linksPerIpPerHour: config.rateLimits.orderLinksPerIpPerHour,
      linksPerEmailPerHour: config.rateLimits.orderLinksPerEmailPerHour,
    },
  });
  const recovery = createRecoveryService({
    db: database.db,
    orders,
    cart,
    outbox,
    links: createRecoveryLinks(tokenSecret, config.publicUrl),
    store,
    reminderDelayHours: () => settings.current().reminderDelayHours,
    log: app.log,
  });
  const analytics = createAnalyticsService(database.db, {
    orders,
    reviews,
    ownHost: new URL(config.publicUrl).hostname,
    retentionDays: config.analyticsRetentionDays,
    recovery,
  });
  const customers = createCustomersService(database.db);
  app.decorate('services', {
    catalog,
    cart,
    payments,
    orders,
    customers,
    checkout,
    adminAuth,
    reviews,
    fulfilment,
    returns,
    recovery,
    orderStatus,
    analytics,
    settings,
    discounts,
    outbox,
  });
  app.decorateRequest('admin', null);

  registerErrorHandler(app);
  await registerSecurity(app, config, { dev: ssr === 'dev' });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerRequestContext(app);
  app.decorate('requireAdmin', requireAdmin(config));
  await app.register(rateLimit, { global: false, keyGenerator: (req) => req.network });
  await app.register(cookie);
  // Before every route: the API description is made from the routes registered after it.
  if (config.apiDocs) await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  if (config.benchBaseline) await app.register(benchBaselineRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentRoutes);
  if (payments.acceptsWebhooks) await app.register(stripeWebhookRoutes);
  if (labelProvider.parseWebhook) await app.register(labelWebhookRoutes(labelProvider));
  await app.register(reviewRoutes);
  await app.register(orderStatusRoutes);
  await app.register(recoveryRoutes);
  await app.register(analyticsCollectRoutes);
  await app.register(adminAuthRoutes);
  // Everything the owner can see or change: a valid session and a same-origin request (docs/engineering.md §6).
  await app.register(async (admin) => {
    guardAdminScope(admin, config);
    await admin.register(adminOrderRoutes);
    await admin.register(adminRefundRoutes);
    await admin.register(adminCustomerRoutes);
    await admin.register(adminCatalogRoutes);
    await admin.register(adminFulfilmentRoutes);
    await admin.register(adminReturnRoutes);
    await admin.register(adminSettingsRoutes);
    await admin.register(adminDiscountRoutes);
    await admin.register(adminReviewRoutes);
    await admin.register(adminAnalyticsRoutes);
  });
  await registerSeo(app);
  await registerSsr(app, ssr);

  return app;
}
