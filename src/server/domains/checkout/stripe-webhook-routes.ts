import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * POST /api/webhooks/stripe (docs/engineering.md §4.3): verified against the raw body, so this plugin keeps
 * JSON bodies as bytes. A succeeded payment completes its order exactly as the browser's call
 * does; a processed event id is recorded and a replay of it does nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { payments, checkout } = app.services;

  // Encapsulated: only this plugin's routes see raw bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/api/webhooks/stripe', async (req) => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0)
      throw new AppError('bad_request', 'Request body is empty: send JSON');
    const header = req.headers['stripe-signature'];
    const event = payments.parseWebhook(req.body, typeof header === 'string' ? header : undefined);
    if (await payments.eventProcessed(event.id)) return { received: true };

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
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log.error({ err, eventId: event.id }, 'webhook processing failed; Stripe will send it again');
      throw new AppError('unavailable', 'The event could not be processed right now; send it again later');
    }
    await payments.recordEvent(event);
    return { received: true };
  });
};
