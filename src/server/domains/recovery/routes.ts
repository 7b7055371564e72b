import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESTORE_PAID, type RestorePaid } from '#shared/recovery.ts';
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
      const r = await recovery.restore(req.params.token, req.body.sessionId);
      if ('paid' in r) {
        const body: RestorePaid = { message: RESTORE_PAID, code: 'conflict', orderPage: r.paid.orderPage };
        return reply.status(409).send(body);
      }
      return r.restored;
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

    scope.get('/api/unsubscribe/:token', { config: limit, schema: { params: RecoveryTokenParamsSchema } }, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return recovery.unsubscribeView(req.params.token);
    });

    scope.post(
      '/api/unsubscribe/:token',
      { config: limit, schema: { params: RecoveryTokenParamsSchema } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return recovery.unsubscribe(req.params.token);
      },
    );
  });
};
