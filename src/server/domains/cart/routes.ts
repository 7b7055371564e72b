import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddToCartBodySchema, CartItemParamsSchema, CartSessionParamsSchema, UpdateCartItemBodySchema } from '#shared/cart.ts';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../errors.ts';

/**
 * Whose cart: item changes carry the caller's session id in X-Session-Id (PUT may also send it in
 * the body). Without it, or with another session's id, the item is "not found" (docs/engineering.md §10).
 */
function callerSession(req: FastifyRequest): string {
  const session = req.cartSession;
  if (!session) throw notFound('Cart item');
  return session;
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: app.config.rateLimits.cartPerMinute, timeWindow: 60_000 } };
  const cart = app.services.cart;

  app.get('/api/cart/:sessionId', { schema: { params: CartSessionParamsSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return cart.getCart(req.params.sessionId);
  });

  app.post('/api/cart', { config: limit, schema: { body: AddToCartBodySchema } }, async (req, reply) => {
    reply.status(201);
    return cart.addItem(req.body);
  });

  app.put(
    '/api/cart/:itemId',
    { config: limit, schema: { params: CartItemParamsSchema, body: UpdateCartItemBodySchema } },
    async (req) => cart.updateItem(callerSession(req), req.params.itemId, req.body.quantity),
  );

  app.delete('/api/cart/:itemId', { config: limit, schema: { params: CartItemParamsSchema } }, async (req, reply) => {
    await cart.removeItem(callerSession(req), req.params.itemId);
    return reply.status(204).send();
  });

  app.delete('/api/cart/session/:sessionId', { config: limit, schema: { params: CartSessionParamsSchema } }, async (req) =>
    cart.clear(req.params.sessionId),
  );
};
