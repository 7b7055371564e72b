import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_STATUSES } from '#shared/admin.ts';
import { PAYMENT_NOT_COMPLETED } from '#shared/messages.ts';
import {
  CompleteOrderBodySchema,
  ConfirmPaymentBodySchema,
  PaymentParamsSchema,
  ShippingBodySchema,
  StartCheckoutBodySchema,
} from '#shared/checkout.ts';
import { CheckoutSchema, CheckoutStartedSchema, ConfirmPaymentResultSchema } from '#shared/checkout-response-schemas.ts';
import { ApplyDiscountBodySchema } from '#shared/discounts-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { isoTime } from '#shared/response-schemas.ts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { json } from '../../lib/answers.ts';
import type { CheckoutConfirmation } from './open-checkout.ts';

/**
 * X-Session-Id as the API describes it: optional. Any text passes Fastify's check: the handler
 * reads it (req.cartSession), and one that is not the checkout's own session finds nothing (404).
 */
const checkoutOwner = z.object({
  'x-session-id': z
    .string()
    .optional()
    .describe('The cart’s session id. Optional; when sent it must be the checkout’s own, or the answer is 404.'),
});

const CheckoutConfirmationSchema = CheckoutSchema.extend({
  paidAt: isoTime.nullable(),
  orderPage: z.string().describe('The order’s page on this store (a path), for its shopper'),
}).meta({ id: 'CheckoutConfirmation' }) satisfies z.ZodType<CheckoutConfirmation>;

const OrderCompletedSchema = z
  .object({
    success: z.literal(true),
    orderId: z.number().int(),
    status: z.enum(ORDER_STATUSES).describe('The order’s status now: paid, or what became of it since (shipped, refunded, …)'),
  })
  .meta({ id: 'OrderCompleted' });

/** The shopper's checkout: start it, keep its hold while the page is open, its shipping details and discount code, complete its payment. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = app.services.checkout;

  app.post(
    '/api/checkout',
    {
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['Checkout'],
        operationId: 'startCheckout',
        summary: 'Start a checkout from a cart',
        description:
          'Makes a pending order at the database’s prices and a payment, and holds the stock for a few minutes. 400 for an empty cart, 409 for an item no longer on sale or out of stock.',
        body: StartCheckoutBodySchema,
        response: {
          201: json('Where the checkout page is: `/checkout?payment_intent=…`.', CheckoutStartedSchema),
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const { sessionId, analyticsSessionId } = req.body;
      return reply.status(201).send(await checkout.startCheckout(sessionId, { holder: req.network, analyticsSessionId }));
    },
  );

  app.get(
    '/api/checkout/:paymentIntentId',
    {
      schema: {
        tags: ['Checkout'],
        operationId: 'getCheckout',
        summary: 'Get a checkout',
        params: PaymentParamsSchema,
        headers: checkoutOwner,
        response: {
          200: json('The order’s items and totals, its hold and when it closes.', CheckoutSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.checkoutOrder(req.params.paymentIntentId, req.cartSession);
    },
  );

  // The checkout page renews its hold every minute while it is open, and before paying.
  app.post(
    '/api/checkout/:paymentIntentId/hold',
    {
      config: { rateLimit: { max: app.config.stockHold.renewPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['Checkout'],
        operationId: 'renewHold',
        summary: 'Keep the checkout’s stock held',
        description:
          'The checkout page calls this every minute while it is open, and before paying. 409 once the checkout has closed.',
        params: PaymentParamsSchema,
        headers: checkoutOwner,
        response: { 200: json('The checkout, with `hold.until`.', CheckoutSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.renewHold(req.params.paymentIntentId, req.cartSession, req.network);
    },
  );

  app.post(
    '/api/orders/shipping',
    {
      // Each save writes the order: a shopper saves a few times at most, a script thousands.
      config: { rateLimit: { max: app.config.rateLimits.shippingPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['Checkout'],
        operationId: 'saveShipping',
        summary: 'Save the shipping address of a checkout',
        description:
          'US addresses only. While the store asks an age (its settings: 18 or 21), `ageConfirmed: true` (the shopper ticked “I confirm I am 18 or older”) or 400 with a message and nothing saved; the order records when the age was confirmed, and which. `marketingConsent: true` records the consent to news and offers with its time and wording; absent or false, none. A checkout holding a subscription line needs `subscriptionConsent: true` (the shopper ticked the box under the subscription terms) or 400 with a message and nothing saved; the order records the consent with its time, the terms word for word and the shopper’s network. `reorderReminder: true` (“Remind me when I may be running low”) records the opt-in to one reorder reminder e-mail with its time and wording; absent or false, none. Each save replaces the details, the confirmation and the consent with its own. 409 once the order is paid or the checkout has closed.',
        headers: checkoutOwner,
        body: ShippingBodySchema,
        response: {
          200: json('The checkout.', CheckoutSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req) => {
      const { paymentIntentId, sessionId, ageConfirmed, marketingConsent, reorderReminder, subscriptionConsent, ...fields } =
        req.body;
      return checkout.saveShipping(paymentIntentId, req.cartSession, fields, req.network, {
        ageConfirmed,
        marketingConsent,
        reorderReminder,
        subscriptionConsent,
      });
    },
  );

  // A discount code on the checkout (docs/decisions/0040); the payment id is the key, as for the page itself.
  app.post(
    '/api/checkout/:paymentIntentId/discount',
    {
      schema: {
        tags: ['Discounts'],
        operationId: 'applyDiscount',
        summary: 'Put a discount code on the checkout',
        description:
          'In place of any code it has. The order’s totals are priced again and the payment asks for the new total. 409 with the reason when the code cannot be used (unknown, not yet or no longer active, below its minimum, for other products, used up, used with this e-mail address) or the checkout has closed; 429 past the tries an address has in an hour.',
        params: PaymentParamsSchema,
        headers: checkoutOwner,
        body: ApplyDiscountBodySchema,
        response: {
          200: json('The checkout with its discount and new total.', CheckoutSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.applyDiscount(req.params.paymentIntentId, req.cartSession, req.body.code, req.network);
    },
  );
  app.delete(
    '/api/checkout/:paymentIntentId/discount',
    {
      schema: {
        tags: ['Discounts'],
        operationId: 'removeDiscount',
        summary: 'Take the discount code off the checkout',
        description: 'Its use is given back and the payment asks for the total without it. 409 once the order is paid.',
        params: PaymentParamsSchema,
        headers: checkoutOwner,
        response: {
          200: json('The checkout without a discount.', CheckoutSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.removeDiscount(req.params.paymentIntentId, req.cartSession);
    },
  );

  // Stripe: the server confirms the payment after its checks (docs/decisions/0043).
  app.post(
    '/api/checkout/:paymentIntentId/confirm',
    {
      // Each call asks the payment provider.
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: {
        tags: ['Payments'],
        operationId: 'confirmPayment',
        summary: 'Pay a checkout with Stripe, confirmed by the store',
        description:
          'With the ConfirmationToken Stripe.js made from the Payment Element (`stripe.createConfirmationToken`), or with none after `stripe.handleNextAction` (the bank’s authentication, `requires_action`). The store confirms only an open checkout whose shipping step is saved, with its hold and discount code kept and the payment at its total, and sends Stripe the shopper’s e-mail and shipping address; a refusal answers `requires_payment_method` with the reason, as a decline does. `succeeded` completes the order. 404 when the store does not take payments with Stripe.',
        params: PaymentParamsSchema,
        headers: checkoutOwner,
        body: ConfirmPaymentBodySchema,
        response: {
          200: json('The payment’s status, as Stripe’s confirm answers.', ConfirmPaymentResultSchema),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!app.services.payments.confirmsOnServer) throw new AppError('not_found', 'Payment not found');
      const token = req.body?.confirmationToken ?? null;
      return checkout.confirmPayment(req.params.paymentIntentId, req.cartSession, token, req.network);
    },
  );

  // The confirmation page, with or without the buyer's session (the payment id is the key).
  app.get(
    '/api/orders/confirmation/:paymentIntentId',
    {
      schema: {
        tags: ['Checkout'],
        operationId: 'getConfirmation',
        summary: 'Get an order’s confirmation',
        description: 'What the confirmation page shows, without the address.',
        params: PaymentParamsSchema,
        response: {
          200: json('The order’s summary, when it was paid and its page.', CheckoutConfirmationSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.confirmation(req.params.paymentIntentId);
    },
  );

  app.post(
    '/api/orders/complete',
    {
      // Each call on a pending order asks the payment provider.
      config: { rateLimit: { max: app.config.rateLimits.checkoutPerMinute * 5, timeWindow: 60_000 } },
      schema: {
        tags: ['Checkout'],
        operationId: 'completeOrder',
        summary: 'Complete an order once its payment succeeded',
        description:
          'The server asks the payment provider; the same call again answers the same. 409 when the payment has not succeeded or needs a look by the team.',
        headers: checkoutOwner,
        body: CompleteOrderBodySchema,
        response: { 200: json('The paid order.', OrderCompletedSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      const { paymentIntentId } = req.body;
      // 404 for a foreign or unknown id.
      const result = await checkout.completeForBuyer(paymentIntentId, req.cartSession);
      if (result.state === 'unpaid') {
        throw new AppError('conflict', result.message ?? PAYMENT_NOT_COMPLETED);
      }
      if (result.state === 'flagged') {
        throw new AppError('conflict', 'There is a problem with this payment. Our team will contact you by e-mail.');
      }
      return { success: true as const, orderId: result.order.id, status: result.order.status };
    },
  );
};
