import type { FastifyInstance } from 'fastify';
import { networkOf } from '../lib/network.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The network the request comes from (the IPv4 address, or the IPv6 /64), after the trusted
     * proxies (TRUST_PROXY): the one key of every per-address limit.
     */
    readonly network: string;
  }
}

/** `req.network` for the limits per address, and the same key for the routes' rate limits. */
export function registerClientNetwork(app: FastifyInstance): void {
  app.decorateRequest('network', {
    getter(this: { ip: string }) {
      return networkOf(this.ip);
    },
  });
}
