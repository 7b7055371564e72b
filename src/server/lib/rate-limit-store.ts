import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Tx } from '#db/client.ts';
import { hitBucket } from './rate-buckets.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * The per-address limits of the routes (@fastify/rate-limit) counted in the database, so that every
 * instance on one PostgreSQL counts the same hits: N instances allow what one allows. A hit is one
 * statement (lib/rate-buckets.ts `hitBucket`: a fixed window that starts at its first hit, as the
 * plugin's own memory store counts); the hourly session sweep deletes the windows that have ended.
 */
export function databaseRateLimitStore(db: Tx) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin makes the first with its options; each route's is made by `child` with the route's name. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      hitBucket(db, `route:${this.prefix}${key}`, timeWindow).then(
        ({ count, resetAt }) => cb(null, { current: count, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** The plugin passes the route's limit with the route itself as `routeInfo` (its types say otherwise). */
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (params as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(`${String(route?.method ?? '')}${String(route?.url ?? '')}:`);
    }
  };
}
