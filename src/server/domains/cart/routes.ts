import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToCartBodySchema,
  CartItemParamsSchema,
  CartItemSchema,
  CartSchema,
  CartSessionParamsSchema,
  UpdateCartItemBodySchema,
} from '#shared/cart.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { json, noBody } from '../../lib/answers.ts';

/**
 * Whose cart: item changes carry the caller's session id in X-Session-Id (PUT may also send it in
 * the body). Without it, or with another session's id, the item is "not found" (docs/engineering.md §10).
 */
function callerSession(req: FastifyRequest): string {
  const session = req.cartSession;
  if (!session) throw notFound('Cart item');
  return session;
}

/**
 * X-Session-Id as the API describes it. Any text passes Fastify's check: the handler reads it
 * (req.cartSession), and one that is missing or not the item's own session finds no item (404),
 * whatever it looks like.
 */
const itemOwnerHeaders = (required: boolean) => {
  const headers = z.object({
    'x-session-id': z
      .string()
      .optional()
      .describe('The cart’s own session id (`session-<ms>-<random>`): without it, or with another one, the item is “not found”.'),
  });
  return required ? headers.meta({ required: ['x-session-id'] }) : headers;
};

const RemovedSchema = z.object({ removed: z.number().int().describe('How many items were in the cart') }).meta({ id: 'Removed' });

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: app.config.rateLimits.cartPerMinute, timeWindow: 60_000 } };
  const cart = app.services.cart;
  const tags = ['Cart'];

  app.get(
    '/api/cart/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getCart',
        summary: 'Get a cart',
        params: CartSessionParamsSchema,
        response: { 200: json('The cart’s items with their products and stock; empty for an unknown session.', CartSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return cart.getCart(req.params.sessionId);
    },
  );

  app.post(
    '/api/cart',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'addToCart',
        summary: 'Add a product to a cart',
        description:
          'Adds to the quantity already in the cart; 409 past 99 or past the stock, with the reason. `subscription: {intervalWeeks}` makes the line subscribe and save at one of the intervals the product offers, priced with its discount (`null`: one-time; left out: the line keeps its choice); every subscription line of a cart comes at the same interval, so the others move to it. 400 with the reason for a product sold one-time only, or an interval it (or another subscription line) does not offer.',
        body: AddToCartBodySchema,
        response: {
          201: json('The cart item.', CartItemSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return cart.addItem(req.body);
    },
  );

  app.put(
    '/api/cart/:itemId',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'updateCartItem',
        summary: 'Change the quantity of a cart item',
        description:
          'The cart’s session id comes in `X-Session-Id` or in the body’s `sessionId`. `subscription` changes the line’s subscribe-and-save choice as in POST /api/cart; left out, the line keeps it.',
        params: CartItemParamsSchema,
        headers: itemOwnerHeaders(false),
        body: UpdateCartItemBodySchema,
        response: {
          200: json('The cart item.', CartItemSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req) => cart.updateItem(callerSession(req), req.params.itemId, req.body.quantity, req.body.subscription),
  );

  app.delete(
    '/api/cart/:itemId',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'removeCartItem',
        summary: 'Remove an item from a cart',
        params: CartItemParamsSchema,
        headers: itemOwnerHeaders(true),
        response: { 204: noBody('Removed.'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await cart.removeItem(callerSession(req), req.params.itemId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/cart/session/:sessionId',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'clearCart',
        summary: 'Empty a cart',
        params: CartSessionParamsSchema,
        response: { 200: json('How many items were removed.', RemovedSchema) },
      },
    },
    async (req) => cart.clear(req.params.sessionId),
  );
};
