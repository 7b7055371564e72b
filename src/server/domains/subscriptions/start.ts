import { formatUsd } from '#shared/money.ts';
import { subscriptionLineNote } from '#shared/subscribe-terms.ts';
import type { Tx } from '#db/client.ts';
import type { Order, OrderLine } from '../orders/service.ts';
import type { SavedPaymentMethod } from '../payments/service.ts';
import type { SubscriptionsDeps } from './deps.ts';
import * as repo from './repo.ts';

const WEEK_MS = 7 * 86_400_000;

/** The subscription a paid order started: its id and the shopper's page. */
export interface StartedSubscription {
  id: number;
  link: string;
}

/**
 * Signing up (docs/decisions/0052): the paid first order whose lines chose subscribe and save
 * starts a subscription, in the transaction that marks it paid.
 */
export function createSubscriptionStart(d: SubscriptionsDeps) {
  return {
    /**
     * In the completion's transaction (the order locked): an active subscription of the order's
     * subscription lines, with a copy of its e-mail, names and address, its interval and discount,
     * the consent its shipping step recorded and the payment method its payment saved; the first
     * renewal one interval after the payment. Exactly once per order (its unique first order);
     * null when no line subscribes, or when the order carries no recorded consent (never charged
     * again without one).
     */
    async startFromOrder(
      tx: Tx,
      order: Order,
      items: readonly OrderLine[],
      saved: SavedPaymentMethod | null,
      paidAt: Date,
    ): Promise<StartedSubscription | null> {
      const lines = items.filter((i) => i.subscriptionIntervalWeeks !== null);
      const first = lines[0];
      if (!first?.subscriptionIntervalWeeks) return null;
      if (!order.subscriptionConsentAt || !order.subscriptionConsentText || !order.subscriptionConsentNetwork || !order.email) {
        d.log.warn({ orderId: order.id }, 'a subscription line was paid without a recorded consent; no subscription started');
        return null;
      }
      if (!saved)
        d.log.warn({ orderId: order.id }, 'the payment saved no payment method; the subscription cannot renew by itself');
      const intervalWeeks = first.subscriptionIntervalWeeks;
      const discountPercent = first.subscriptionDiscountPercent ?? 0;
      const quantities = new Map<number, { productId: number; name: string; quantity: number }>();
      for (const l of lines) {
        const had = quantities.get(l.productId);
        quantities.set(l.productId, { productId: l.productId, name: l.name, quantity: (had?.quantity ?? 0) + l.quantity });
      }
      const amount = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const { row } = await repo.insertSubscription(
        tx,
        {
          firstOrderId: order.id,
          email: order.email.toLowerCase(),
          firstName: order.firstName ?? '',
          lastName: order.lastName ?? '',
          phone: order.phone,
          shippingAddress: order.shippingAddress ?? '',
          shippingCity: order.shippingCity ?? '',
          shippingState: order.shippingState ?? '',
          shippingZip: order.shippingZip ?? '',
          shippingCountry: order.shippingCountry ?? 'US',
          intervalWeeks,
          discountPercent,
          nextRenewalAt: new Date(paidAt.getTime() + intervalWeeks * WEEK_MS),
          paymentMode: order.paymentMode,
          providerCustomerId: saved?.customerId ?? null,
          paymentMethodId: saved?.paymentMethodId ?? null,
          cardBrand: saved?.brand ?? null,
          cardLast4: saved?.last4 ?? null,
          consentAt: order.subscriptionConsentAt,
          consentText: order.subscriptionConsentText,
          consentNetwork: order.subscriptionConsentNetwork,
        },
        [...quantities.values()],
        {
          orderId: order.id,
          detail: `Started with order ${order.id}: ${subscriptionLineNote(intervalWeeks, discountPercent).toLowerCase()}, ${formatUsd(amount)} of items`,
        },
      );
      return { id: row.id, link: d.links.link(row.id) };
    },
  };
}
