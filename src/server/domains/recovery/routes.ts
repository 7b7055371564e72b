import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { RecoveryTokenParamsSchema, RestoreBodySchema } from '#shared/recovery-schemas.ts';

/** The reminder e-mail's two links (docs/decisions/0041): the signed token in the path is the key. */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const recovery = app.services.recovery;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

  // A restore starts a checkout's way again: limited per client address as checkouts are.
  app.post(
    '/api/recover/:token',
    {
      config: perMinute(app.config.rateLimits.checkoutPerMinute),
      schema: { params: RecoveryTokenParamsSchema, body: RestoreBodySchema },
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
    const unsubscribe = { config: limit, schema: { params: RecoveryTokenParamsSchema } };

    scope.get('/api/unsubscribe/:token', unsubscribe, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return recovery.unsubscribeView(req.params.token);
    });

    // The page's button posts to the API; a mail provider's one-click posts to the page's own
    // address, the one List-Unsubscribe names (a GET of it shows the page: ssr.ts).
    for (const url of ['/api/unsubscribe/:token', '/unsubscribe/:token']) {
      scope.post(url, unsubscribe, async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return recovery.unsubscribe(req.params.token);
      });
    }
  });
};
