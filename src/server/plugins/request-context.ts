import { SessionIdSchema } from '#shared/cart.ts';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { networkOf } from '../lib/network.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The network the request comes from (the IPv4 address, or the IPv6 /64), after the trusted
     * proxies (TRUST_PROXY): the one key of every per-address limit.
     */
    readonly network: string;
    /**
     * The caller's cart session (docs/decisions/0004): the X-Session-Id header, else the body's
     * `sessionId`. Undefined when it sends none, '' when it sends a malformed one (which owns nothing).
     */
    readonly cartSession: string | undefined;
    /** The signed-in admin's username, as stock movements and order histories name who did a change. */
    readonly adminName: string;
  }
}

/** What routes read of who is asking: its network, its cart session, its admin. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('network', {
    getter(this: { ip: string }) {
      return networkOf(this.ip);
    },
  });
  app.decorateRequest('cartSession', {
    getter(this: { headers: Record<string, unknown>; body: unknown }) {
      const header = this.headers['x-session-id'];
      const fromBody = this.body && typeof this.body === 'object' ? (this.body as { sessionId?: unknown }).sessionId : undefined;
      const value = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : undefined;
      if (value === undefined) return undefined;
      const parsed = SessionIdSchema.safeParse(value);
      return parsed.success ? parsed.data : '';
    },
  });
  app.decorateRequest('adminName', {
    getter(this: { admin: { username: string } | null }) {
      return this.admin?.username ?? 'admin';
    },
  });
}

/**
 * A request's one line in the log, once it is answered, in place of Fastify's two (one when it
 * comes in, one when it is answered): the request (method, URL with its keys redacted, client
 * address), the status and the time it took (docs/operations.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
