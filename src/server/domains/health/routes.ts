import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', async (req, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: app.database.driver };
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable', code: 'unavailable' });
    }
  });
};
