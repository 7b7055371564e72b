import type { FastifyInstance } from 'fastify';

/**
 * For `npm run bench` (BENCH_BASELINE=true) only: GET /api/bench/baseline answers the product
 * list as it was at its first call, a constant, through the same server, plugins and serializer
 * as GET /api/products. The gap between the two is what the catalog itself costs.
 */
export async function benchBaselineRoutes(app: FastifyInstance): Promise<void> {
  let constant: unknown;
  app.get('/api/bench/baseline', async (_req, reply) => {
    constant ??= structuredClone(await app.services.catalog.listActiveProducts());
    reply.header('cache-control', 'no-cache');
    return constant;
  });
}
