import type { ShippingOffer } from '#shared/shipping.ts';
import type { Database } from '#db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { CartService } from '../cart/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { DiscountsService } from '../discounts/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { SubscriptionsService } from '../subscriptions/service.ts';
import type { TaxService } from '../tax/service.ts';

/** What checkout works with: the four domains it brings together, and its settings. */
export interface CheckoutDeps {
  /** For transactions only: checkout owns no table, each step goes through its domain's service. */
  db: Database;
  cart: CartService;
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  /** Sales tax (docs/decisions/0047): none, or worked out by its provider once the shipping step is saved. */
  tax: TaxService;
  log: FastifyBaseLogger;
  /** The store's shipping offer now (the settings'). */
  shipping(): ShippingOffer;
  /** Whether ground-only (limited-quantity) orders may ship to Alaska, Hawaii and the territories (the settings'). */
  groundOnlyToRemoteStates(): boolean;
  /** The age a buyer confirms at the shipping step now; null: none (docs/decisions/0048). */
  minimumAge(): number | null;
  /** Discount codes: a use taken when applied, given back when a checkout closes unpaid, redeemed when paid. */
  discounts: DiscountsService;
  /** How long a checkout stays payable. */
  pendingOrderTtlMinutes: number;
  /** The signed link to an order's page for its shopper (the order-status domain's), for the confirmation. */
  orderPageLink(orderId: number): string;
  /** Subscribe and save (docs/decisions/0052): the subscription a paid first order starts, in the completion's transaction. */
  subscriptions: Pick<SubscriptionsService, 'startFromOrder'>;
  /** How long a checkout holds its stock without a renewal, and how many units one address may hold. */
  hold: { minutes: number; maxUnitsPerAddress: number };
}
