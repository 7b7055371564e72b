import { SessionIdSchema } from '#shared/cart.ts';
import { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { symbols } from 'pino';
import { serializeRequest } from '../lib/log-serializers.ts';
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
    else writeRequestLine(reply.log, req, reply.statusCode, reply.elapsedTime);
  }
}

interface PinoInternals {
  isLevelEnabled(level: string): boolean;
  [symbols.chindingsSym]: string;
  [symbols.streamSym]: { write(line: string): unknown };
}

/**
 * The 'request completed' line, written as pino writes it (the logger's own fields, the request's id
 * when the logger is not already the request's own, then the request as `serializeRequest` gives it,
 * as for every other line) but put together here: the busiest line of the log skips pino's
 * serializers and redaction, which find nothing more to do in it.
 */
export function writeRequestLine(
  log: FastifyBaseLogger,
  req: Parameters<typeof serializeRequest>[0],
  statusCode: number,
  responseTime: number,
  reqId?: string,
): void {
  const pino = log as unknown as PinoInternals;
  if (!pino.isLevelEnabled('info')) return;
  const id = reqId === undefined ? '' : `,"reqId":${JSON.stringify(reqId)}`;
  pino[symbols.streamSym].write(
    `{"level":30,"time":${Date.now()}${pino[symbols.chindingsSym]}${id},"req":${JSON.stringify(serializeRequest(req))},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
  );
}
