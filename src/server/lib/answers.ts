import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * What a route's `schema.response` holds beside its error statuses (docs/decisions/0023): each
 * answer with the description the API document gives it. Fastify validates and serializes a JSON
 * answer with its zod schema; it sends bytes and streams as they are, so a file's schema only
 * describes it. An error status is the shared `ErrorBodySchema` itself (#shared/errors.ts).
 */

/** A JSON answer: its description, and the zod schema Fastify checks and writes it with. */
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { 'application/json': { schema } } };
}

/** A file (bytes or a stream) of one of these media types; never serialized. */
export function file<const T extends string>(description: string, ...types: [T, ...T[]]) {
  const bytes = (type: string) => z.custom<Buffer | Readable>().meta({ type: 'string', contentMediaType: type });
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: bytes(type) }])) as Record<
      T,
      { schema: z.ZodCustom<Buffer | Readable> }
    >,
  };
}

/** An answer without a body (204). */
export const noBody = (description: string) => z.undefined().describe(description);

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (a multipart upload, a webhook's raw bytes, a form it
     * ignores), as OpenAPI's request body: described, not validated by Fastify.
     */
    requestBody?: Record<string, unknown>;
  }
}
