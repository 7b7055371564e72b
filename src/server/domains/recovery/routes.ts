import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { RecoveryTokenParamsSchema, RestoreBodySchema } from '#shared/recovery-schemas.ts';
import { RestoreResultSchema, UnsubscribeViewSchema } from '#shared/recovery-response-schemas.ts';
import { json } from '../../lib/answers.ts';

/** The reminder e-mail's two links (docs/decisions/0041): the signed token in the path is the key. */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const recovery = app.services.recovery;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
  const tags = ['Checkout reminders'];

  // A restore starts a checkout's way again: limited per client address as checkouts are.
  app.post(
    '/api/recover/:token',
    {
      config: perMinute(app.config.rateLimits.checkoutPerMinute),
      schema: {
        tags,
        operationId: 'restoreCheckout',
        summary: 'Bring a reminded checkout back into a cart',
        description:
          'The token of a reminder’s “Complete your order” link (14 days). Puts the checkout’s lines in the cart of `sessionId` by the cart’s rules (today’s prices; at least the checkout’s quantity, as far as the stock allows; a line holding more keeps it; opening it again adds nothing) and answers the shipping details for the checkout’s form. A product no longer sold or out of stock is left out and named in `missing`. 404 with one message for a token that opens nothing.',
        params: RecoveryTokenParamsSchema,
        body: RestoreBodySchema,
        response: {
          200: json('What came back, what could not, and the shipping details.', RestoreResultSchema),
          404: ErrorBodySchema,
          // The checkout was paid since (its order is not named: the confirmation e-mail and Track Your Order show it), or its payment is set aside.
          409: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return recovery.restore(req.params.token, req.body.sessionId);
    },
  );

  // Mail providers send RFC 8058's one-click as a form (`List-Unsubscribe=One-Click`) from their own
  // servers, many readers from few addresses: the body is read and ignored, the limit is the cart's.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, _body, done) => done(null, undefined),
    );
    const limit = perMinute(app.config.rateLimits.cartPerMinute);

    scope.get(
      '/api/unsubscribe/:token',
      {
        config: limit,
        schema: {
          tags,
          operationId: 'getUnsubscribeLink',
          summary: 'Read the address of an unsubscribe link',
          description: 'Changes nothing (mail scanners follow links). 404 with one message for a token that opens nothing.',
          params: RecoveryTokenParamsSchema,
          response: {
            200: json('The address, and whether it gets no more reminders.', UnsubscribeViewSchema),
            404: ErrorBodySchema,
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return recovery.unsubscribeView(req.params.token);
      },
    );

    // The page's button posts to the API; a mail provider's one-click posts to the page's own
    // address, the one List-Unsubscribe names (a GET of it shows the page: ssr.ts; the API
    // description leaves that address out, as it does every page).
    for (const url of ['/api/unsubscribe/:token', '/unsubscribe/:token']) {
      scope.post(
        url,
        {
          config: limit,
          schema: {
            tags,
            operationId: 'unsubscribeFromReminders',
            summary: 'Stop the reminders to the link’s address',
            description:
              'The unsubscribe page’s button. The reminder’s `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058) names the page itself, `/unsubscribe/<token>`, which takes the same POST: a mail provider posts `List-Unsubscribe=One-Click` as a form; any body is ignored. Asking again changes nothing. 404 with one message for a token that opens nothing.',
            params: RecoveryTokenParamsSchema,
            // Read and ignored by this scope's parser: not validated.
            requestBody: {
              required: false,
              content: {
                'application/x-www-form-urlencoded': {
                  schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } } },
                },
              },
            },
            response: { 200: json('The address, unsubscribed.', UnsubscribeViewSchema), 404: ErrorBodySchema },
          },
        },
        async (req, reply) => {
          reply.header('cache-control', 'no-store');
          return recovery.unsubscribe(req.params.token);
        },
      );
    }
  });
};
