import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { WebhookReceivedSchema } from '#shared/response-schemas.ts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { json } from '../../lib/answers.ts';
import { type LabelProvider, LabelProviderError } from './label-provider.ts';

/**
 * POST /api/webhooks/easypost (docs/decisions/0036): the carrier's tracking events, verified against
 * the raw body's signature. Every scan lands once, so a replayed or repeated event changes nothing;
 * an event the store cannot process now answers 503 and the provider sends it again.
 */
export const labelWebhookRoutes =
  (provider: LabelProvider): FastifyPluginAsyncZod =>
  async (app) => {
    const { fulfilment } = app.services;
    const parse = provider.parseWebhook?.bind(provider);
    if (!parse) throw new Error(`The ${provider.name} label provider sends no webhooks: register no route for it`);

    // Encapsulated: only this plugin's routes see raw bytes.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      `/api/webhooks/${provider.name}`,
      {
        schema: {
          tags: ['Fulfilment'],
          operationId: 'receiveEasyPostEvent',
          summary: 'Receive an EasyPost tracking event',
          description:
            'EasyPost’s signed `tracker.updated` events, checked against the raw body: each scan lands once in its order’s history; the first scan in transit ships the order and the delivery delivers it. Other events and unknown parcels are received and ignored; 503 asks EasyPost to send it again.',
          // Required as the API describes it; the provider's parser answers 400 without it (Fastify lets it through).
          headers: z
            .object({
              'x-hmac-signature': z.string().optional().describe('EasyPost’s signature of the body: hmac-sha256-hex=…'),
            })
            .meta({ required: ['x-hmac-signature'] }),
          response: { 200: json('Received.', WebhookReceivedSchema), 503: ErrorBodySchema },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw new AppError('bad_request', 'Request body is empty: send JSON');
        let update: ReturnType<typeof parse>;
        try {
          update = parse(req.body, req.headers);
        } catch (err) {
          if (err instanceof LabelProviderError) throw new AppError('bad_request', err.message);
          throw err;
        }
        if (!update) return { received: true } as const;
        try {
          await fulfilment.tracking.handle(update);
        } catch (err) {
          req.log.error({ err, eventId: update.eventId }, 'tracking event not processed; the provider will send it again');
          throw new AppError('unavailable', 'The event could not be processed right now; send it again later');
        }
        return { received: true } as const;
      },
    );
  };
