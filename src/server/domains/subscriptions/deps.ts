import type { FastifyBaseLogger } from 'fastify';
import type { ShippingOffer } from '#shared/shipping.ts';
import type { Database } from '#db/client.ts';
import type { StoreContact } from '../../lib/mail-layout.tsx';
import type { Outbox } from '../../lib/mail-outbox.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { TaxService } from '../tax/service.ts';
import type { SubscriptionLinks } from './links.ts';

/** What subscriptions work with: the domains a renewal goes through, and the settings it reads. */
export interface SubscriptionsDeps {
  db: Database;
  orders: OrdersService;
  catalog: CatalogService;
  payments: PaymentsService;
  /** Sales tax on each renewal, as on any order (docs/decisions/0047). */
  tax: TaxService;
  outbox: Outbox;
  links: SubscriptionLinks;
  /** The signed link to an order's page for its shopper (the order-status domain's). */
  orderPageLink(orderId: number): string;
  store: StoreContact;
  /** Whether ground-only (limited-quantity) orders may ship to Alaska, Hawaii and the territories (the settings'). */
  groundOnlyToRemoteStates(): boolean;
  /** The store's shipping offer now (the settings'): each renewal ships at it. */
  shipping(): ShippingOffer;
  /** Stripe's publishable key for the card form of the subscription page; null with the built-in provider. */
  stripePublishableKey: string | null;
  log: FastifyBaseLogger;
}
