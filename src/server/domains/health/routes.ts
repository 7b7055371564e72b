import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { json } from '../../lib/answers.ts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }).meta({ id: 'Health' });
/** Not the shared error body: load balancers read `status` whatever the answer. */
const HealthDownSchema = z
  .object({ status: z.literal('unavailable'), message: z.string(), code: z.literal('unavailable') })
  .meta({ id: 'HealthDown' });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Health'],
        operationId: 'checkHealth',
        summary: 'Check the server and its database',
        response: {
          200: json('Up, and which database it uses.', HealthSchema),
          503: json('The database cannot be reached.', HealthDownSchema),
        },
      },
    },
    async (req, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: app.database.driver };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable', code: 'unavailable' });
      }
    },
  );
};
