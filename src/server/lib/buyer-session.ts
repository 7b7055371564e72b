import { SessionIdSchema } from '#shared/cart.ts';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's cart session, when it sends one (X-Session-Id header, or the body's sessionId):
 * undefined when it sends none, '' when it sends a malformed one (which matches no order).
 */
export function sessionOf(req: FastifyRequest, body?: string): string | undefined {
  const header = req.headers['x-session-id'];
  const value = typeof header === 'string' ? header : body;
  if (value === undefined) return undefined;
  const parsed = SessionIdSchema.safeParse(value);
  return parsed.success ? parsed.data : '';
}
