import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { WebhookReceivedSchema } from '#shared/response-schemas.ts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { json } from '../../lib/answers.ts';

/**
 * Stripe-Signature, required as the API describes it: without it the handler answers 400 ("Missing
 * Stripe-Signature header"), so Fastify's own check lets it through to say so.
 */
const SignatureHeadersSchema = z
  .object({ 'stripe-signature': z.string().optional().describe('Stripe’s signature of the body') })
  .meta({ required: ['stripe-signature'] });

/**
 * POST /api/webhooks/stripe (docs/engineering.md §4.3): verified against the raw body, so this plugin keeps
 * JSON bodies as bytes. A succeeded payment completes its order exactly as the browser's call
 * does; a processed event id is recorded and a replay of it does nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, checkout, orders } = app.services;

  // Encapsulated: only this plugin's routes see raw bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/webhooks/stripe',
    {
      schema: {
        tags: ['Payments'],
        operationId: 'receiveStripeEvent',
        summary: 'Receive a Stripe event',
        description:
          'Stripe’s signed events `payment_intent.succeeded` and `payment_intent.payment_failed`, the refunds’ `charge.refunded` and `refund.*`, and the disputes’ `charge.dispute.created`, `.updated`, `.closed`, `.funds_withdrawn` and `.funds_reinstated` (docs/decisions/0059), checked against the raw body. A replayed event does nothing, an older dispute event never undoes a newer one; a dispute object that is not one answers 400; 503 asks Stripe to send it again.',
        headers: SignatureHeadersSchema,
        // The raw bytes, read by this plugin's parser and checked against the signature by the handler.
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event' } } },
        },
        response: { 200: json('Received.', WebhookReceivedSchema), 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0)
        throw new AppError('bad_request', 'Request body is empty: send JSON');
      const header = req.headers['stripe-signature'];
      const event = payments.parseWebhook(req.body, typeof header === 'string' ? header : undefined);
      if (await payments.eventProcessed(event.id)) return { received: true } as const;

      try {
        if (event.paymentId && event.outcome === 'succeeded') {
          const result = await checkout.completePayment(event.paymentId).catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'not_found') return null; // not a payment of this store
            throw err;
          });
          // Stripe said succeeded but the payment does not read so yet: leave the event unrecorded, Stripe sends it again.
          if (result?.state === 'unpaid') {
            // Stripe's event id finds the payment in Stripe's dashboard; the payment id, a key to the checkout, stays out.
            req.log.warn({ eventId: event.id }, 'succeeded event for an unsettled payment');
            throw new AppError('unavailable', 'The payment is not settled yet; send the event again later');
          }
        } else if (event.paymentId && event.outcome === 'failed') {
          await checkout.paymentFailed(event.paymentId, event.lastError);
        } else if (event.paymentId && event.outcome === 'refunds') {
          await checkout.providerRefunds(event.paymentId, event.refunds ?? []);
        } else if (event.outcome === 'dispute' && event.dispute) {
          const { orderId } = await orders.disputes.apply({
            type: event.type,
            created: event.created ?? 0,
            dispute: event.dispute,
          });
          // Stripe's ids find it in Stripe's dashboard; no order of this store has its payment.
          if (orderId === null) req.log.warn({ eventId: event.id, disputeId: event.dispute.id }, 'dispute of an unknown payment');
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log.error({ err, eventId: event.id }, 'webhook processing failed; Stripe will send it again');
        throw new AppError('unavailable', 'The event could not be processed right now; send it again later');
      }
      await payments.recordEvent(event);
      return { received: true } as const;
    },
  );
};
