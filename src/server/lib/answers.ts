import type { Readable } from 'node:stream';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
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

/**
 * A private PDF (a label, a slip): never cached, shown in the browser (`inline`) or saved
 * (`attachment`) under `filename`.
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string, disposition: 'inline' | 'attachment' = 'inline') {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .send(pdf);
}

/** An answer without a body (204). */
export const noBody = (description: string) => z.undefined().describe(description);

/**
 * The serializer of the busiest answer, the product list (`serializerCompiler` on its route;
 * docs/decisions/0023): zod checks the answer against its schema as every route's is checked, then
 * fast-json-stringify writes it from the schema's JSON Schema, as Fastify does for JSON schemas.
 * fastify-type-provider-zod's serializer encodes with zod (`safeEncode`: several times slower than
 * a parse on these objects) and writes with JSON.stringify; a parse plus this costs what
 * JSON.stringify alone did. Only for schemas without codecs or transforms, whose parse and encode
 * are the same.
 */
export const fastSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const { method, url } = route;
  const schema = route.schema as z.ZodType;
  const stringify = fastJson(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as Schema);
  return (data: unknown) => {
    const checked = schema.safeParse(data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    return stringify(checked.data);
  };
};

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (a multipart upload, a webhook's raw bytes, a form it
     * ignores), as OpenAPI's request body: described, not validated by Fastify.
     */
    requestBody?: Record<string, unknown>;
  }
}
