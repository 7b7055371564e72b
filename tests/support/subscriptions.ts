import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { subscriptionEvents, subscriptionItems, subscriptions, testPaymentMethods } from '#db/schema/index.ts';
import { newAddress, SHIPPING_DETAILS, secretOf, shopper } from './checkout.ts';

export interface SubscribedShopper {
  subscriptionId: number;
  /** The paid order that started it. */
  firstOrderId: number;
  email: string;
  /** The shopper's page token (the link in every subscription e-mail is `/subscriptions/<token>`). */
  token: string;
  customerId: string;
  paymentMethodId: string;
}

/**
 * A shopper with an active subscription, for the tests of renewals and of the subscription pages:
 * a one-time order bought and paid through the API with the test card, then the subscription it
 * would have started written as the subscriptions domain keeps it, with a test card saved for
 * off-session charges (`declines: true`: Stripe's 4000 0000 0000 0341, every later charge declined).
 */
export async function subscribedShopper(
  app: FastifyInstance,
  opts: {
    productId?: number;
    quantity?: number;
    intervalWeeks?: number;
    discountPercent?: number;
    nextRenewalAt?: Date;
    askFirst?: boolean;
    declines?: boolean;
    email?: string;
  } = {},
): Promise<SubscribedShopper> {
  const productId = opts.productId ?? 5;
  const quantity = opts.quantity ?? 1;
  const email = (opts.email ?? `sub-${randomBytes(4).toString('hex')}@example.com`).toLowerCase();
  const s = shopper(app, undefined, newAddress());
  const added = await s.add(productId, quantity);
  if (added.statusCode >= 300) throw new Error(`cart: ${added.statusCode} ${added.body}`);
  const started = await s.checkout();
  if (started.statusCode >= 300) throw new Error(`checkout: ${started.statusCode} ${started.body}`);
  const { paymentIntentId } = secretOf(started.json<{ checkoutUrl: string }>().checkoutUrl);
  const shipped = await s.ship(paymentIntentId, { email });
  if (shipped.statusCode !== 200) throw new Error(`shipping: ${shipped.statusCode} ${shipped.body}`);
  const paid = await s.pay(paymentIntentId);
  if (paid.statusCode !== 200) throw new Error(`payment: ${paid.statusCode} ${paid.body}`);
  const order = await app.services.orders.byPaymentId(paymentIntentId);
  if (!order?.paidAt) throw new Error('the order was not paid');
  const name = (await app.services.catalog.getActiveProduct(productId))?.name ?? `Product ${productId}`;

  const customerId = `cus_test_${randomBytes(8).toString('hex')}`;
  const paymentMethodId = `pm_test_${randomBytes(8).toString('hex')}`;
  const db = app.database.db;
  const subscriptionId = await db.transaction(async (tx) => {
    await tx.insert(testPaymentMethods).values({
      id: paymentMethodId,
      customerId,
      last4: opts.declines ? '0341' : '4242',
      declinesOffSession: opts.declines ?? false,
    });
    const [row] = await tx
      .insert(subscriptions)
      .values({
        firstOrderId: order.id,
        email,
        firstName: SHIPPING_DETAILS.firstName,
        lastName: SHIPPING_DETAILS.lastName,
        phone: SHIPPING_DETAILS.phone,
        shippingAddress: SHIPPING_DETAILS.address,
        shippingCity: SHIPPING_DETAILS.city,
        shippingState: SHIPPING_DETAILS.state,
        shippingZip: SHIPPING_DETAILS.zip,
        shippingCountry: 'US',
        intervalWeeks: opts.intervalWeeks ?? 4,
        discountPercent: opts.discountPercent ?? 10,
        askFirst: opts.askFirst ?? false,
        nextRenewalAt: opts.nextRenewalAt ?? new Date(Date.now() + 28 * 86_400_000),
        paymentMode: 'test',
        providerCustomerId: customerId,
        paymentMethodId,
        cardBrand: 'visa',
        cardLast4: opts.declines ? '0341' : '4242',
        consentAt: new Date(),
        consentText: 'I agree to the subscription terms above.',
        consentNetwork: s.ip,
      })
      .returning({ id: subscriptions.id });
    if (!row) throw new Error('subscription not inserted');
    await tx.insert(subscriptionItems).values({ subscriptionId: row.id, productId, name, quantity });
    await tx.insert(subscriptionEvents).values({
      subscriptionId: row.id,
      kind: 'created',
      detail: `Started with order ${order.id}`,
      actor: 'shopper',
      orderId: order.id,
    });
    return row.id;
  });
  const token = app.services.subscriptions.link(subscriptionId).split('/subscriptions/')[1] ?? '';
  return { subscriptionId, firstOrderId: order.id, email, token, customerId, paymentMethodId };
}
