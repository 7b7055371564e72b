import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { KeptAnswer } from '../lib/answers.ts';
import { writeRequestLine } from './request-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    earlyAnswers: EarlyAnswers;
  }
}

/** A route's answer as it stands, from what it holds in memory; undefined when only the route can answer. */
export type EarlyAnswer = (headers: IncomingHttpHeaders) => KeptAnswer | undefined;

/**
 * Answers kept in memory, sent before Fastify routes the request (docs/decisions/0060): a route
 * whose answer is the same bytes for every caller (the product list) adds one for its exact path,
 * and a plain `GET` of that path is answered from it with the headers every answer that is not a
 * page carries (plugins/security.ts), the route's own, and the request's one log line, as the route
 * would answer it. Anything else goes to Fastify: another method, a query, a body, a request sent
 * through a proxy (its client address and host are Fastify's to read, after TRUST_PROXY), a route
 * that holds nothing yet, and every request once the server is closing. A request answered here
 * runs no Fastify hook: a hook meant for every request (a limit, a counter) must leave these paths
 * to the routes, or be written here too.
 */
export class EarlyAnswers {
  private readonly byPath = new Map<string, EarlyAnswer>();
  private closing = false;
  private lastId = 0;
  /** The headers of every answer that is not a page (set by registerSecurity). */
  private common: Record<string, string> = {};
  private log: FastifyBaseLogger | undefined;

  /** Fastify's request ids, shared with the answers sent here: `req-1`, `req-2`, … as Fastify's own. */
  readonly nextRequestId = (): string => {
    this.lastId = (this.lastId + 1) & 0x7fffffff;
    return `req-${this.lastId.toString(36)}`;
  };

  start(log: FastifyBaseLogger, common: Record<string, string>): void {
    this.log = log;
    this.common = common;
  }

  add(path: string, answer: EarlyAnswer): void {
    this.byPath.set(path, answer);
  }

  close(): void {
    this.closing = true;
  }

  /** Sends the kept answer for the request, or returns false for Fastify to answer it. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || req.method !== 'GET' || !this.log) return false;
    const get = this.byPath.get(req.url ?? '');
    const h = req.headers;
    if (
      !get ||
      h['x-forwarded-for'] !== undefined ||
      h['x-forwarded-host'] !== undefined ||
      h['content-length'] !== undefined ||
      h['transfer-encoding'] !== undefined
    )
      return false;
    const started = performance.now();
    let answer: KeptAnswer | undefined;
    try {
      answer = get(h);
    } catch {
      // Fastify answers it, and its error path reports what failed.
      return false;
    }
    if (!answer) return false;
    res.writeHead(answer.status, { ...this.common, ...answer.headers });
    res.end(answer.body);
    const request = {
      method: 'GET',
      url: req.url ?? '',
      host: h.host ?? '',
      ip: req.socket.remoteAddress,
    };
    writeRequestLine(this.log, request, answer.status, performance.now() - started, this.nextRequestId());
    return true;
  }

  /**
   * Fastify's HTTP server (its own settings, as fastify/lib/server.js makes it) with these answers
   * in front of its handler.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    // Node's own module, without the ES module wrapper an `import` of node:http builds at start
    // (which loads Node's HTTP client library with it, unused here).
    const server = process.getBuiltinModule('node:http').createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    return server;
  };
}
