import type { DatabaseHandle } from '#db/client.ts';
import type { Config } from './config.ts';
import type { PasskeyService } from './domains/admin-auth/passkeys.ts';
import type { SecondFactorService } from './domains/admin-auth/second-factor.ts';
import type { AdminAuthService } from './domains/admin-auth/service.ts';
import type { AnalyticsService } from './domains/analytics/service.ts';
import type { AuditService } from './domains/audit/service.ts';
import type { CartService } from './domains/cart/service.ts';
import type { CatalogService } from './domains/catalog/service.ts';
import type { CheckoutService } from './domains/checkout/service.ts';
import type { DiscountsService } from './domains/discounts/service.ts';
import type { FulfilmentService } from './domains/fulfilment/service.ts';
import type { OrderStatusService } from './domains/order-status/service.ts';
import type { CustomersService } from './domains/orders/customers.ts';
import type { OrdersService } from './domains/orders/service.ts';
import type { PaymentsService } from './domains/payments/service.ts';
import type { ReactionsService } from './domains/reactions/service.ts';
import type { PrivacyService } from './domains/privacy/service.ts';
import type { RecoveryService } from './domains/recovery/service.ts';
import type { ReordersService } from './domains/reorders/service.ts';
import type { ReturnsService } from './domains/returns/service.ts';
import type { ReviewsService } from './domains/reviews/service.ts';
import type { SettingsService } from './domains/settings/service.ts';
import type { StaffService } from './domains/staff/service.ts';
import type { SubscriptionsService } from './domains/subscriptions/service.ts';
import type { TaxService } from './domains/tax/service.ts';
import type { WebhooksService } from './domains/webhooks/service.ts';
import type { Outbox } from './lib/mail-outbox.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Notifier } from './lib/notifier.ts';

/** Each domain's service, put here by the domain's own plugin (domains/<name>/plugin.ts). */
export interface Services {
  catalog: CatalogService;
  cart: CartService;
  payments: PaymentsService;
  orders: OrdersService;
  /** The owner's customers, read from the orders (the orders domain's). */
  customers: CustomersService;
  checkout: CheckoutService;
  adminAuth: AdminAuthService;
  /** Authenticator apps, recovery codes and the second step of a sign-in (docs/decisions/0056). */
  secondFactor: SecondFactorService;
  /** The admins' passkeys (docs/decisions/0056). */
  passkeys: PasskeyService;
  /** Who did what in the dashboard (docs/decisions/0057). */
  audit: AuditService;
  /** Staff and their roles (docs/decisions/0057). */
  staff: StaffService;
  reviews: ReviewsService;
  fulfilment: FulfilmentService;
  returns: ReturnsService;
  /** Abandoned-checkout reminders and their links (docs/decisions/0041). */
  recovery: RecoveryService;
  /** Reorder reminders and their Reorder link (docs/decisions/0051). */
  reorders: ReordersService;
  /** The shopper's order page. */
  orderStatus: OrderStatusService;
  analytics: AnalyticsService;
  /** The store's settings the owner edits (docs/decisions/0039). */
  settings: SettingsService;
  /** Discount codes and their uses (docs/decisions/0040). */
  discounts: DiscountsService;
  /** Reaction reports from the safety page (docs/decisions/0050). */
  reactions: ReactionsService;
  /** Sales tax through its provider (docs/decisions/0047). */
  tax: TaxService;
  /** A customer's access and deletion requests (docs/decisions/0049). */
  privacy: PrivacyService;
  /** Subscribe and save: subscriptions and their renewals (docs/decisions/0052). */
  subscriptions: SubscriptionsService;
  /** Webhooks out: the owner's endpoints and the events sent to them (docs/decisions/0058). */
  webhooks: WebhooksService;
  outbox: Outbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    services: Services;
    notifier: Notifier;
    mailer: Mailer;
    outbox: Outbox;
    /** The store's signing secret for its links and tokens (lib/server-secrets.ts). */
    tokenSecret: Buffer;
  }
}
